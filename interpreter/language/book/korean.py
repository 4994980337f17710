"""Korean particles chosen by the sound before them. A phrase is written with both forms,
`을(를)`, `이(가)`, `은(는)`, `와(과)`, `(으)로`, `(이)라`; once filled, each pair becomes the one
form the word before it takes: the form for a final consonant (batchim) or the one for a vowel.
A word whose sound is unknown (a Latin name) keeps both forms."""

from __future__ import annotations

import re

# (form after a final consonant, form after a vowel)
_PAIRS = {"을(를)": ("을", "를"), "를(을)": ("을", "를"), "이(가)": ("이", "가"),
          "가(이)": ("이", "가"), "은(는)": ("은", "는"), "는(은)": ("은", "는"),
          "과(와)": ("과", "와"), "와(과)": ("과", "와")}
_PARTICLE = re.compile("|".join(re.escape(p) for p in _PAIRS) + r"|\((이|으)\)(\w?)")
_CLOSING = "”’\"'»›」』]"
# The last sound of a number read in Sino-Korean, by its last digit: (has a batchim, is ㄹ).
_DIGITS = {"0": (True, False), "1": (True, True), "2": (False, False), "3": (True, False),
           "4": (False, False), "5": (False, False), "6": (True, False), "7": (True, True),
           "8": (True, True), "9": (False, False)}
# A Latin letter read on its own (p: 피, m: 엠, l: 엘): the same, for the letters that end in a
# consonant; the others end in a vowel.
_LETTERS = {c: (False, False) for c in "abcdeghijkopqtuvwyz"} | {
    "f": (False, False), "s": (False, False), "x": (False, False),  # 에프, 에스, 엑스
    "l": (True, True), "r": (True, True), "m": (True, False), "n": (True, False)}
_RIEUL = 8  # the index of ㄹ among the final consonants of a syllable


def final_sound(text: str) -> tuple[bool, bool] | None:
    """Whether the last word of `text` ends in a consonant, and whether that consonant is ㄹ;
    None if unknown. Closing quotes are looked through, a closing parenthesis skipped with what
    it holds (the particle goes with the word before the remark)."""
    i = len(text) - 1
    while i >= 0:
        ch = text[i]
        if ch in _CLOSING or ch.isspace():
            i -= 1
        elif ch == ")":
            j, depth = i, 0
            while j >= 0:
                depth += {")": 1, "(": -1}.get(text[j], 0)
                j -= 1
                if depth == 0:
                    break
            if j < 0 or not text[j].strip():  # a group in brackets: its last word counts
                i -= 1
            else:  # a remark after a word: the word counts
                i = j
        else:
            break
    if i < 0:
        return None
    ch = text[i]
    if "가" <= ch <= "힣":
        final = (ord(ch) - ord("가")) % 28
        return final != 0, final == _RIEUL
    if ch.isascii() and ch.isalpha() and (i == 0 or not text[i - 1].isalpha()):
        return _LETTERS.get(ch.lower())  # a one-letter name reads as its letter
    return _DIGITS.get(ch)


def particles(text: str) -> str:
    """`text` with each two-form particle made the form that the word before it takes."""

    def choose(m: re.Match) -> str:
        sound = final_sound(text[:m.start()])
        if sound is None:
            return m.group(0)
        consonant, rieul = sound
        if m.group(1) is None:
            after_consonant, after_vowel = _PAIRS[m.group(0)]
            return after_consonant if consonant else after_vowel
        rest = m.group(2)
        if m.group(1) == "으" and rest == "로" and rieul:
            return rest  # 로 after ㄹ: 서울로
        return (m.group(1) if consonant else "") + rest

    return _PARTICLE.sub(choose, text)


# A condition is written as a noun form (비어 있음, 구역임, 큼) so that it can stand alone; put
# before 이면 ("if"), 인 (which is ...), 인지 (whether), 그리고 (and) or 일 (때: when) it takes the
# verb's own ending instead: 있음이면 -> 있으면, 구역임이면 -> 구역이면, 큼인 -> 큰,
# 아님 그리고 -> 아니고.
_PREDICATES = {  # noun form: (if, which is, whether, and, when)
    "않음": ("않으면", "않은", "않은지", "않고", "않을"),
    "있음": ("있으면", "있는", "있는지", "있고", "있을"),
    "없음": ("없으면", "없는", "없는지", "없고", "없을"),
    "었음": ("었으면", "었던", "었는지", "었고", "었을"),
    "았음": ("았으면", "았던", "았는지", "았고", "았을"),
    "작음": ("작으면", "작은", "작은지", "작고", "작을"),
    "같음": ("같으면", "같은", "같은지", "같고", "같을"),
    "아님": ("아니면", "아닌", "아닌지", "아니고", "아닐"),
    "큼": ("크면", "큰", "큰지", "크고", "클"), "짐": ("지면", "진", "지는지", "지고", "질"),
    "됨": ("되면", "된", "되는지", "되고", "될"), "임": ("이면", "인", "인지", "이고", "일"),
    "함": ("하면", "한", "하는지", "하고", "할"), "참": ("차면", "찬", "찬지", "차고", "찰")}
_ENDINGS = {"이면": 0, "인": 1, "인지": 2, " 그리고": 3, "일": 4}
_PREDICATE = re.compile("(" + "|".join(sorted(_PREDICATES, key=len, reverse=True))
                        + r")(이면|인지|인| 그리고|일)(?![가-힣])")


def predicates(text: str) -> str:
    """`text` with each condition's noun form joined to its ending as Korean says it."""
    return _PREDICATE.sub(lambda m: _PREDICATES[m.group(1)][_ENDINGS[m.group(2)]], text)
