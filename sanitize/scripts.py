"""The scripts a page writes that the value and name rules read apart from Latin text (session 35).

Chinese, Japanese and Korean write no space between words (Korean writes one between words but joins a
particle to a name): a value or a name stands glued to the words beside it ("電話番号は03-1234-5678です",
"Ada Quorn様", "김민준님"), so such a neighbour is no word a value or a name continues; and a person's name
in them is one word (山田太郎, 王小明, 김민준). For character classes.

Digits of other scripts: Python's ``\\d`` reads every script's decimal digits (full-width ０-９, Arabic-Indic
٠-٩, Devanagari ०-९), so the value rules find a phone or an amount written in them; a fake writes its digits
in the same script, or the page would change script where it changed values. Each script's ten decimal digits
are consecutive code points (Unicode's rule for the ``Nd`` category), so a digit's zero is its code point less
its value.

>>> in_script_of("３", 7)
'７'
>>> in_script_of("٣", 0)
'٠'
>>> in_script_of("3", 5)
'5'
"""

from __future__ import annotations

import unicodedata

#: Han ideographs (and their iteration marks), hiragana, katakana (and its half-width forms): no space between words.
#: The ideographs beyond the first plane too (extensions B to H, the compatibility supplement: 𠮷 of 𠮷野 is common in
#: Japanese names; session 36's review found a Latin name glued to one left).
UNSPACED = "\u3005-\u3007\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f\U00020000-\U000323af"
#: Hangul (its syllables and jamo): a space between words, a particle joined to a name.
HANGUL = "\u1100-\u11ff\u3130-\u318f\ua960-\ua97f\uac00-\ud7ff"
#: Both, and bopomofo and the CJK radicals: the characters no Latin word continues into. Full-width digits and Latin
#: letters are not among them (they stay word characters, as their ASCII forms are).
CJK = UNSPACED + HANGUL + "\u2e80-\u2fdf\u3100-\u312f\u31f0-\u31ff"
#: A word character that is none of theirs, as a pattern's class: a word of a script that writes spaces ends where
#: one of theirs stands glued to it ("Ada Quorn様", "住所は123 Main Street", "corp.ioまで").
WORD_NOT_CJK = f"[^\\W{CJK}]"


def in_script_of(digit: str, value: int) -> str:
    """The digit worth ``value`` (0-9) in the script of ``digit`` (a decimal digit of any script)."""
    return chr(ord(digit) - unicodedata.decimal(digit) + value)
