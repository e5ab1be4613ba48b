"""Digits of other scripts: a fake writes each digit in its original's script (session 35).

Python's ``\\d`` reads every script's decimal digits (full-width ０-９, Arabic-Indic ٠-٩, Devanagari ०-९),
so the value rules find a phone or an amount written in them; the fake is written in the same digits,
or the page would change script where it changed values (and a full-width number would keep its real
digits, as it did before). Each script's ten decimal digits are consecutive code points (Unicode's
rule for the ``Nd`` category), so a digit's zero is its code point less its value.

>>> in_script_of("３", 7)
'７'
>>> in_script_of("٣", 0)
'٠'
>>> in_script_of("3", 5)
'5'
"""

from __future__ import annotations

import unicodedata


def in_script_of(digit: str, value: int) -> str:
    """The digit worth ``value`` (0-9) in the script of ``digit`` (a decimal digit of any script)."""
    return chr(ord(digit) - unicodedata.decimal(digit) + value)
