"""Games on every core and on a Dask cluster: the same report whoever plays them, progress
across all workers, and workers that die have their games played again, counted once."""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys

import pytest

from interpreter.cli.simulate import ProgressBar
from interpreter.language.errors import GameRuleError, RulesError
from interpreter.study.parallel import play_batches
from interpreter.study.simulate import make_batch, simulate

from .conftest import write_tiny

GAMES = 40


@pytest.fixture(scope="module")
def reference(base):
    """The report of one process: what every other way of playing must give."""
    return simulate(base, 4, GAMES, seed=5, workers=1)


def same_report(report, reference) -> None:
    assert report.to_dict(timing=False) == reference.to_dict(timing=False)
    assert [r.seed for r in report.records] == list(range(5, 5 + GAMES))  # each game once
    assert report.records == reference.records


def test_two_processes_give_the_same_report(base, reference):
    same_report(simulate(base, 4, GAMES, seed=5, workers=2), reference)
    assert simulate(base, 4, 4, seed=5, workers=2).workers == "2 processes"


def test_progress_counts_the_games_of_all_workers(base):
    calls = []
    batch_a, _ = make_batch(base, 3, 30, 1, None)
    batch_b, _ = make_batch(base, 3, 20, 100, None)
    results = play_batches([batch_a, batch_b], workers=2,
                           progress=lambda done, total: calls.append((done, total)))
    assert [len(r) for r in results] == [30, 20]
    assert [r.seed for r in results[1]] == list(range(100, 120))
    assert calls[-1] == (50, 50) and all(t == 50 for _, t in calls)
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)


def test_the_progress_bar_shows_the_workers_and_the_time_left():
    class Screen:
        text = ""

        def write(self, s):
            self.text += s

        def flush(self):
            pass

    screen = Screen()
    bar = ProgressBar(screen, every=0, label="2 processes")
    bar(10, 40)
    shown = screen.text.split("\r")[-1]
    assert "10/40 games" in shown and "games/s" in shown and "left" in shown
    assert shown.rstrip().endswith("(2 processes)")


def test_a_killed_worker_process_has_its_games_played_again(base, reference):
    killed = []

    def kill_one(done, total):
        children = multiprocessing.active_children()
        if not killed and children:
            os.kill(children[0].pid, signal.SIGKILL)
            killed.append(children[0].pid)

    same_report(simulate(base, 4, GAMES, seed=5, workers=2, progress=kill_one), reference)
    assert killed


def test_a_rule_error_in_a_worker_is_reported_with_its_place(tmp_path):
    folder = write_tiny(tmp_path / "bad", players="2")
    rules = folder / "game.rules"
    text = rules.read_text().replace("vp[p] += c.value", "vp[p] += 6 // (c.value - 2)")
    rules.write_text(text)
    line = text.splitlines().index("    vp[p] += 6 // (c.value - 2)") + 1
    from interpreter.engine.ruleset import load_ruleset

    ruleset = load_ruleset(folder)
    with pytest.raises(GameRuleError) as caught:
        simulate(ruleset, 2, 6, seed=1, workers=2)
    assert caught.value.loc is not None and caught.value.loc.line == line
    assert "division by zero" in str(caught.value) or "divide" in str(caught.value)
    assert "seed" in str(caught.value) and str(caught.value).count("game.rules") == 1


# ------------------------------------------------------------------------------ Dask
def test_without_dask_the_option_says_how_to_get_it(base, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(RulesError, match=r"pip install 'rules-engine\[cluster\]'"):
        simulate(base, 4, 2, seed=1, dask="local")


def test_a_local_dask_cluster_gives_the_same_report(base, reference):
    pytest.importorskip("distributed")
    report = simulate(base, 4, GAMES, seed=5, dask="local", workers=2)
    same_report(report, reference)
    assert report.workers == "a local Dask cluster of 2 workers"


def test_a_dask_worker_killed_mid_run_has_its_games_played_again(base, reference):
    distributed = pytest.importorskip("distributed")
    import logging

    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None, silence_logs=logging.CRITICAL)
    client = distributed.Client(cluster)
    try:
        pids = client.run(os.getpid)
        killed = []

        def kill_a_busy_worker(done, total):
            if killed:
                return
            busy = [w for w, keys in client.processing().items() if keys and w in pids]
            if busy:
                os.kill(pids[busy[0]], signal.SIGKILL)
                killed.append(busy[0])

        report = simulate(base, 4, GAMES, seed=5, dask=cluster.scheduler_address,
                          progress=kill_a_busy_worker)
        assert killed
        same_report(report, reference)
    finally:
        client.close()
        cluster.close()


def test_an_unreachable_scheduler_is_one_clear_error(base, monkeypatch):
    pytest.importorskip("distributed")
    from interpreter.study import parallel

    monkeypatch.setattr(parallel, "CONNECT_SECONDS", 1)
    with pytest.raises(RulesError, match="cannot reach the Dask scheduler at tcp://127.0.0.1:9"):
        play_batches([make_batch(base, 3, 2, 1, None)[0]], dask="tcp://127.0.0.1:9")


def test_the_error_reported_is_the_first_game_that_fails_whatever_the_workers(tmp_path):
    from interpreter.engine.ruleset import load_ruleset

    folder = write_tiny(tmp_path / "stuck", players="2")
    rules = folder / "game.rules"
    rules.write_text(rules.read_text().replace("    vp[p] += c.value\n",
                                               "    vp[p] += c.value\n"
                                               "    if c.value == 3 and turns == 2:\n"
                                               "        vp[p] += size(deck) // 0\n"))
    ruleset = load_ruleset(folder)
    messages = set()
    for workers in (1, 2):
        with pytest.raises(GameRuleError) as caught:
            simulate(ruleset, 2, 30, seed=1, workers=workers)
        messages.add(str(caught.value))
    assert len(messages) == 1, messages


class _FailingCluster:
    """A local cluster that fails to start, as distributed's does when its workers stop first;
    with `ctrl_c`, after Ctrl-C reached this process (which distributed's start swallowed)."""

    def __init__(self, ctrl_c: bool):
        self.ctrl_c = ctrl_c

    def __call__(self, **options):
        import os
        import signal
        import time

        if self.ctrl_c:
            try:
                os.kill(os.getpid(), signal.SIGINT)
                time.sleep(5)
            except KeyboardInterrupt:
                pass
        raise RuntimeError("Nanny failed to start.")


@pytest.mark.parametrize("ctrl_c", [True, False])
def test_a_local_cluster_that_fails_to_start_is_said_in_words(monkeypatch, ctrl_c):
    distributed = pytest.importorskip("distributed")
    pytest.importorskip("cryptography")
    from interpreter.study.parallel import _dask_client

    monkeypatch.setattr(distributed, "LocalCluster", _FailingCluster(ctrl_c))
    with pytest.raises(KeyboardInterrupt if ctrl_c else RulesError) as caught:
        with _dask_client("local", 1):
            pass
    if not ctrl_c:
        assert "did not start: Nanny failed to start" in str(caught.value)
