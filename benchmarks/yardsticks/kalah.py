"""Kalah (Mancala) 6 pits a side, 4 seeds a pit, written by hand in plain Python: random
playouts, for speed comparison with rulesets/tutorial/kalah.

Standard rules (rulesets/tutorial/kalah/rules.txt): sow counter-clockwise, one seed per pit,
into your own store but not your opponent's; the last seed in your own store: move again; the
last seed in an empty pit of your own row with seeds opposite: it and the opposite seeds go to
your store; the game ends when the player to move has no seeds in their pits, and the other
player puts the seeds left in their row into their store; most seeds in store wins.

The board is a list of 14: 0-5 player 1's pits 1-6, 6 player 1's store, 7-12 player 2's pits
1-6, 13 player 2's store; sowing goes up the list. `me` is 0 (player 1) or 1 (player 2).
"""
import random
import sys
import time

PITS = 6
SEEDS = 4


def new_board():
    board = [SEEDS] * 14
    board[6] = board[13] = 0
    return board


def legal(board, me):
    """The pits (1-6) that me may sow."""
    first = 7 * me
    return [i + 1 for i in range(PITS) if board[first + i]]


def sow(board, me, pit):
    """Sow me's pit (1-6); True if me moves again."""
    i = 7 * me + pit - 1
    hand = board[i]
    board[i] = 0
    skip = 13 - 7 * me  # the opponent's store
    while hand:
        i = (i + 1) % 14
        if i == skip:
            continue
        board[i] += 1
        hand -= 1
    store = 7 * me + 6
    if i == store:
        return True
    if 7 * me <= i < store and board[i] == 1 and board[12 - i]:
        board[store] += board[12 - i] + 1
        board[i] = board[12 - i] = 0
    return False


def finish(board, me):
    """If me (to move) has no seeds left: the other takes theirs; True if the game is over."""
    if any(board[7 * me:7 * me + PITS]):
        return False
    other = 1 - me
    row = 7 * other
    board[row + 6] += sum(board[row:row + PITS])
    board[row:row + PITS] = [0] * PITS
    return True


def play(rng):
    board = new_board()
    me, moves = 0, 0
    while not finish(board, me):
        options = legal(board, me)
        pit = options[rng.randrange(len(options))] if len(options) > 1 else options[0]
        moves += 1
        if not sow(board, me, pit):
            me = 1 - me
    a, b = board[6], board[13]
    return moves, (a > b) - (b > a)


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    rng = random.Random(1)
    t = time.perf_counter()
    total = sum(play(rng)[0] for _ in range(n))
    dt = time.perf_counter() - t
    print(f"moves/game: {total / n:.1f}")
    print(f"games/s: {n / dt:.1f}")
