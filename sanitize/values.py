"""Pattern rules for personal values in any text: phones, cards, amounts, street addresses, Meet
codes, UUIDs, and the last rule, every other @ → ＠ (U+FF20).

Each rule first looks for its anchor (a digit, '-', '@', a currency sign or word, a digit then a
separator) with a plain ``in`` test or a short scan, so the regular expression only runs where it can
match: most text on a Gmail page has none of them.
Each fake keeps its original's shape (digits stay digits, separators stay), see ``faker.shaped``.
"""

from __future__ import annotations

import re
from bisect import bisect_left, insort

from sanitize.faker import Faker
from sanitize.ibans import MIN_IBAN, fake_iban, iban_spans
from sanitize.registry import allowed_domain
from sanitize.scripts import CJK, WORD_NOT_CJK

Counts = dict[str, int]

_DIGIT = re.compile(r"\d")
#: The hyphens, which also join a word's or an id's parts: the hyphen-minus, U+2010 hyphen and U+2011 non-breaking
#: hyphen (set to keep a number on one line), U+FF0D the full-width hyphen-minus (Japanese input writes a number's
#: hyphens full-width: ０３－１２３４－５６７８; session 35). No card or phone starts or ends beside one. For a
#: character class.
_HYPHENS = "\\-\u2010\u2011\uff0d"
#: The other dashes a page writes between a number's groups (a leak audit of 2026-12-03, session 34): U+2012 figure
#: dash (typography's dash for digit groups), U+2013 en dash (a word processor's autocorrection), U+2014 em dash,
#: U+2212 minus sign. As punctuation they stand beside words ("Quorn–503-555-0172"): at a value's edge one joins
#: the value only with a digit beyond it (a range, "9–5").
_OTHER_DASHES = "\u2012\u2013\u2014\u2212"
#: Every dash read between a card's or a phone's groups ("dashes", §6.4).
_DASHES = _HYPHENS + _OTHER_DASHES
#: The white space a number's groups are parted by: a space or a no-break space (U+00A0, U+202F).
_GROUP_SPACES = " \u00a0\u202f"
#: The ideographic space (U+3000) parts a number's groups only between full-width digits, as full-width input writes
#: one (０３　１２３４　５６７８): elsewhere it parts a layout's fields (￥1,200　03-1234-5678; a review, session 35).
_WIDE_GAP = "(?<=[\uff10-\uff19])\u3000(?=[\uff10-\uff19])"
#: Between a card's groups: one of those or a dash, the same one throughout.
_CARD_SEP = rf"(?:[{_GROUP_SPACES}{_DASHES}]|{_WIDE_GAP})"
#: The brackets and the plus of a phone, as written or full-width (（０３）, ＋８１). For a character class.
_OPEN = "(\uff08"
_CLOSE = ")\uff09"
_PLUS = "+\uff0b"
#: A trunk's 0, as written or full-width: the fake keeps it (``_fake_phone``).
_ZERO = "0\uff10"
#: A word character a value continues: ``\w`` but those of ``scripts.CJK`` (one class, so a look-around costs one step).
_WORD = WORD_NOT_CJK


def _card_body(a: str, b: str) -> str:
    """4-4-4-4 (and a 19-digit card's 3 more), or Amex 4-6-5 and Diners 4-6-4 groups, one separator
    throughout (named ``a`` and ``b``)."""
    return (
        rf"(?:\d{{4}}(?P<{a}>{_CARD_SEP})\d{{4}}(?P={a})\d{{4}}(?P={a})\d{{4}}(?:(?P={a})\d{{3}})?|\d{{4}}(?P<{b}>{_CARD_SEP})\d{{6}}(?P={b})\d{{4,5}})"
        rf"(?![\d{_HYPHENS}])(?![{_OTHER_DASHES}]\d)"
    )


#: Right after a percent-encoded byte (``#search/call%20503-555-0172``, ``%22…%22``): a card or a phone may start
#: there though a hex digit stands before it, and never on the escape's own digits (read from the "2" of "%20",
#: the phone took "20503-555-0172" and its fake wrote another byte: an audit of 2026-12-03, session 33).
_AFTER_ESCAPE = r"(?<=%[0-9A-Fa-f]{2})"
#: Not on an escape's own digits: the start is no hex digit right after a "%" (``5%(503) 555-0172`` is a phone).
_NOT_IN_ESCAPE = r"(?!(?<=%)[0-9A-Fa-f]{2})"
_CARD = rf"(?:(?<![\d{_HYPHENS}])(?<!\d[{_OTHER_DASHES}]){_NOT_IN_ESCAPE}|{_AFTER_ESCAPE}){_card_body('s1', 's2')}"


def _not_a_date(name: str) -> str:
    """Not a date written d.m.yyyy (or m-d-yyyy, d m yyyy): one or two digits, the same separator,
    one or two digits, it again and four digits, not continued by that separator and a plain group of
    digits (``_PLAIN_GROUP``: ``05 11 2026 10:30`` is a date and a time). A reading of shape only (never of
    digit values), so a phone's fake is read as its original was."""
    return rf"(?!\d{{1,2}}(?P<{name}>{_PSEP})\d{{1,2}}(?P={name})\d{{4}}(?!\d)(?!(?P={name}){_PLAIN_GROUP}))"


#: Between a phone's groups: a space (any of ``_GROUP_SPACES``, or ``_WIDE_GAP``), a dot or a dash.
_PSEP = rf"(?:[.{_GROUP_SPACES}{_DASHES}]|{_WIDE_GAP})"
#: A clock's colon, as written or full-width (１０：３０).
_COLON = ":\uff1a"
#: The marks that part a number's groups inside one token, as white space parts tokens: a dot, a dash, a slash.
_MARKS = rf"./{_DASHES}"
#: A plain group of digits after white space: digits, then nothing that writes them as part of another token
#: (a word's letter, a slash, a colon, a mark before another digit: ``24/7``, ``9am``, ``10:30``, ``12.50``, ``9-5``).
_PLAIN_GROUP = rf"\d++(?![\w/{_COLON}]|[.,{_DASHES}]\d)"
_PLAIN_GROUP_AFTER = rf"[{_GROUP_SPACES}]{_PLAIN_GROUP}"
#: A step between two groups of one international or trunk number: a mark, or white space before digits that are
#: no token of letters or a clock's (``2nd``, ``24h``, ``9am``, ``10:30``), and for a trunk number no slash's (``24/7``:
#: its groups hold none). Its digits are counted, and its groups read, up to such a token (session 35: the count
#: ran on into ``24/7`` and the number was left whole).
_INTL_STEP = rf"(?:[.{_DASHES}]|[{_GROUP_SPACES}](?=[{_OPEN}]?\d++(?![^\W\d]|[{_COLON}]))|{_WIDE_GAP})"
_TRUNK_STEP = rf"(?:[.{_DASHES}]|[{_GROUP_SPACES}](?=\d++(?![^\W\d]|[{_COLON}/]))|{_WIDE_GAP})"
#: Right after a group of one to eight digits that follows a mark (the last group of ``415-555-0123``).
_AFTER_MARKED_GROUP = "|".join(rf"(?<=[{_MARKS}]\d{{{k}}})" for k in range(1, 9))
#: What a phone may not run on into (a word, a path, a hyphen, another group): shared by every phone pattern's end.
#: A word of ``scripts.CJK`` is none the phone runs on into. White space and digits end a phone when the phone's last group
#: follows a mark (``415-555-0123 12 pages``) or the digits are no plain group (``415 555 0123 24/7``): those are
#: written apart from it (session 35: both were one run of groups, no phone, and the phone was left whole).
_PHONE_END = (
    rf"(?!{_WORD})(?![/{_HYPHENS}])(?![.{_DASHES}]\d)"
    rf"(?:(?!{_PLAIN_GROUP_AFTER})|{_AFTER_MARKED_GROUP})"
)
#: Not after a token whose last group follows a mark inside it, read from that group's last digit (a range
#: ``9–5``, a date ``2026-11-30``, ``30.11.2026``, ``11/30/2026``, a version ``v2.3``, a phone ``415-555-0123``):
#: white space after such a token parts it from the next (session 35).
_NOT_AFTER_MARKED_TOKEN = "".join(rf"(?<!\d[,{_MARKS}]\d{{{j}}})" for j in range(8))
#: Currency signs, one character each, written before or after an amount (￥ is the full-width yen).
_SIGNS = "$€£¥￥₹₩₽₺₪₫₱฿₴₦₨₡৳₵"
#: The currencies' own characters, written after the number only: 円 (yen), 元 (yuan), 원 (won) (元 and 원 since
#: session 35: "价格1,200元", "금액 1,200원입니다").
_UNIT_SIGNS = "円元원"
#: ISO 4217 codes read before or after an amount: three capitals each, so none is a prefix of another
#: (nor of Rs, zł, kr or Kč), and their order in an alternation is free.
CURRENCY_CODES = (
    "INR", "USD", "EUR", "GBP", "CAD", "AUD", "JPY", "CHF", "SEK", "NOK", "DKK", "PLN", "MXN", "SGD", "HKD", "ZAR",
    "AED", "BRL", "CNY", "NZD", "CZK", "HUF", "ILS", "THB", "KRW", "RUB", "RON", "BGN", "ISK", "IDR", "MYR",
    "TWD", "UAH", "SAR", "NGN", "PKR", "KWD", "QAR", "VND", "ARS", "CLP", "COP", "EGP", "BDT", "KES", "GHS",
)
_CODES = "|".join(CURRENCY_CODES)
#: Not right after a currency code (with a space or none): the digits are an amount's (``USD 12.50 555-0133`` read as
#: one phone; a review, session 35).
_NOT_AFTER_A_CODE = rf"(?<!(?:{_CODES})[{_GROUP_SPACES}])(?<!{_CODES})"
#: Where a phone may start: not inside a run of digit groups (after a digit and a separator, unless that
#: digit ends a time's minutes: 10:30 415 555 0123), nor on a time's minutes (10:30 05 11 2026); not after a
#: "/" (a path's) or a currency sign (an amount's: ``$12.50 555-0133`` read as one phone; session 35), but right
#: after Gmail's "#search/" (the search's words: a search for a number writes it in
#: every result's link; an audit of 2026-12-03, session 33); an escape's last digit is no digit group before it
#: (``%20 503-555-0172``).
_PHONE_START = (
    rf"(?:(?<!{_WORD})(?<![{_PLUS}/.{_HYPHENS}{_SIGNS}]){_NOT_IN_ESCAPE}|{_AFTER_ESCAPE}|(?<=#search/))"
    rf"{_NOT_AFTER_A_CODE}(?<!\d,)(?<!\d[{_COLON}])(?<!(?=\d[.{_DASHES}])(?<![{_COLON}]\d)(?<!%[0-9A-Fa-f])\d[.{_DASHES}])"
    rf"(?<!(?=\d[{_GROUP_SPACES}])(?<![{_COLON}]\d)(?<!%[0-9A-Fa-f]){_NOT_AFTER_MARKED_TOKEN}\d[{_GROUP_SPACES}])"
)
#: Not a range one of ``_OTHER_DASHES`` writes, read by shape: with a number after a space ("June 13–15 2026",
#: "pp. 1234–1240 2026", "0930–1030 2026") or days before a dotted month and year ("13–15.11.2026"). A phone
#: written with such dashes writes them between its groups throughout ("503–555–0172"). A dash fuzzer and a
#: review, session 34; a hyphen's forms are read as before ("Tel 12-34 5678" is a phone).
_NOT_A_RANGE = (
    rf"(?!\d{{1,5}}[{_OTHER_DASHES}]\d{{1,5}}(?:[ \u00a0\u202f]\d|\.\d{{1,2}}\.\d{{4}}(?!\d)))"
)
#: A phone in three or four groups (+1 (415) 555-0187, 020 7946 0958, 415.555.0123): the first rule.
#: A country code never takes a card's groups (+44 4539 1488 0343 6467: the card takes precedence).
#: North American numbers may lead with their country code unsigned (1-800-555-0144, 1 (800) 555-0144):
#: any one digit there, read by shape like every other digit (a fake's first digit is any digit). The older North
#: American form puts a slash after the area code, then a dash or a dot (503/555-0172; session 34).
_PHONE_GROUPED = (
    _PHONE_START + _not_a_date("d1") + _NOT_A_RANGE
    + rf"(?:[{_PLUS}]\d{{1,3}}{_PSEP}?(?!{_card_body('c1', 'c2')})|\d{_PSEP}(?=[{_OPEN}]?\d{{3}}[{_CLOSE}]?{_PSEP}?\d{{3}}{_PSEP}\d{{4}}(?!\d)))?"
    + rf"(?:[{_OPEN}]\d{{2,5}}[{_CLOSE}]{_PSEP}?|\d{{2,5}}{_PSEP}|\d{{3}}/(?=\d{{3}}[.{_DASHES}]\d{{4}}(?!\d)))\d{{2,5}}(?:{_PSEP}\d{{2,5}})?{_PSEP}\d{{3,4}}"

)
#: A local number of seven digits, its groups joined by a hyphen or a figure dash (555-0133): a space or a dot
#: there is as often a count or a decimal, an en dash a range (seats 150–1000).
_PHONE_LOCAL = _PHONE_START + rf"\d{{3}}[{_HYPHENS}\u2012]\d{{4}}"
#: A slash after a phone's area code, a space either side allowed (``_PHONE_TRUNK``, ``_PHONE_INTL``).
_SLASH = r" ?/ ?"
#: Between an international number's groups: a separator or a slash (+49 30/1234567).
_ISEP = rf"(?:{_PSEP}|{_SLASH})"
#: Between an international number's groups as its digits are counted and read: a step or a slash.
_INTL_SEP = rf"(?:{_INTL_STEP}|{_SLASH})"
#: An international number: "+" or "00" (kept in the fake, as a trunk's 0 is), a country code, perhaps
#: an area code or a trunk 0 in brackets, and groups of 1-8 digits, each after one separator or a slash
#: (+49 30/1234567, German signatures' form; session 34), 8-15 digits
#: in all (+33 1 42 68 53 00, +44 7700 900123, +7 (495) 123-45-67, +31 6 12345678, +33 (0)6 12 34 56 78,
#: 0049 30 12345678). The look-ahead counts the digits of the whole run of groups first (possessive: at
#: most 16 steps), so a long run of groups after a "+" is given up at once. Never on a clock's minutes: the
#: "00" of "11:00 30-11-2026" is no prefix (a dash fuzzer, session 34: the date was faked as a phone).
_PHONE_INTL = (
    rf"(?<!{_WORD})(?<![{_PLUS}/.{_HYPHENS}{_SIGNS}]){_NOT_AFTER_A_CODE}(?<!\d[{_OTHER_DASHES}])(?<!\d[{_COLON}])"
    rf"(?:[{_PLUS}]|(?P<idd>00{_PSEP}?))"
    rf"(?=(?:[{_OPEN}{_CLOSE}]?{_INTL_SEP}?[{_OPEN}{_CLOSE}]?\d){{8,15}}+(?![{_OPEN}{_CLOSE}]?{_INTL_SEP}?[{_OPEN}{_CLOSE}]?\d))"
    rf"\d{{1,3}}+(?:{_PSEP}?[{_OPEN}]\d{{1,5}}[{_CLOSE}]{_PSEP}?\d{{1,8}}+(?:{_INTL_SEP}\d{{1,8}}+){{0,6}}+|(?:{_INTL_SEP}\d{{1,8}}+){{1,7}}+)"
    + rf"(?![{_COLON}]\d)"
)
#: A Russian national number: a trunk digit, a 3-digit code (bracketed or not), then 3-2-2 digits
#: (8 (912) 345-67-89), read by shape (any first digit: a fake's is any digit).
_PHONE_RU = (
    _PHONE_START + rf"\d{_PSEP}?(?:[{_OPEN}]\d{{3}}[{_CLOSE}]|\d{{3}}){_PSEP}?\d{{3}}{_PSEP}\d{{2}}{_PSEP}\d{{2}}"
)
#: A national number after its trunk 0: a first group 0 + 1-4 digits, then groups of 1-6 digits, 9-13
#: digits in all (07700 900123, 01 42 68 53 00, 03-1234-5678), never a date (05.11.2026 10:30); or its area
#: code in brackets, then one to four groups ((030) 90182245, (0711) 123456); or its area code before a slash, a
#: space either side allowed, then one to four groups (030/12345678, 0171/1234567, 030 / 123 456 78: the German
#: form; a leak audit of 2026-12-03, session 34), 9-13 digits in all, never a month or a day before the slash and a
#: year or a day after it (01/2026, 03/12: a review found a date and an amount's digits read as one phone).
#: Faked after its 0 (``_fake_phone``): the faker may draw any digit for a leading 0, and a trunk
#: phone's fake must be one too (the next pass reads it as the same phone).
_PHONE_TRUNK = (
    _PHONE_START + _not_a_date("d2") + _NOT_A_RANGE
    + rf"(?:[{_ZERO}](?=(?:{_TRUNK_STEP}?\d){{8,12}}+(?!{_TRUNK_STEP}?\d))\d{{1,4}}+(?:{_TRUNK_STEP}\d{{1,8}}+){{1,6}}+"
    # the area code in brackets (two to four digits after the 0) before the subscriber's groups, 9-13 digits in
    # all, never a date after it: (030) 90182245, (0711) 123456 (an audit of 2026-12-02 (e))
    + rf"|[{_OPEN}][{_ZERO}](?=[1-9\uff11-\uff19]\d{{1,3}}[{_CLOSE}]{_PSEP}?(?:{_TRUNK_STEP}?\d){{5,10}}+(?!{_TRUNK_STEP}?\d))"
    + rf"(?=(?:[{_CLOSE}]?{_TRUNK_STEP}?\d){{8,12}}+(?![{_CLOSE}]?{_TRUNK_STEP}?\d))"
    + rf"\d{{2,4}}+[{_CLOSE}]{_PSEP}?(?!\d{{4}}{_PSEP}\d{{1,2}}{_PSEP}\d{{1,2}}(?!\d))\d{{3,8}}+(?:{_TRUNK_STEP}\d{{2,8}}+){{0,3}}+"
    + rf"|[{_ZERO}](?!\d{_SLASH}\d\d(?:\d\d)?(?!\d))(?=\d{{1,4}}+{_SLASH}(?:{_TRUNK_STEP}?\d){{5,10}}+(?!{_TRUNK_STEP}?\d))"
    + rf"(?=(?:(?:{_TRUNK_STEP}|{_SLASH})?\d){{8,12}}+(?!{_TRUNK_STEP}?\d))"
    + rf"\d{{1,4}}+{_SLASH}\d{{2,8}}+(?:{_TRUNK_STEP}\d{{1,8}}+){{0,3}}+)"
    + rf"(?![{_COLON}]\d)"
)


#: A number a currency sign or code follows (not the sign of the next amount, which a digit follows) is the amount's
#: (``Ngày 30/11/2026 12.345.678 ₫``, ``12 345 678 KRW``: read as phones once white space parted them from the date
#: before them; a review, session 35).
_NOT_AN_AMOUNTS_NUMBER = (
    rf"(?![{_GROUP_SPACES}]?(?:[{_SIGNS}{_UNIT_SIGNS}]|(?:{_CODES})(?![A-Za-z]))(?![{_GROUP_SPACES}]?\d))"
)
#: A trunk phone first: a grouped phone's run of groups is the same span (both read a whole run), and
#: a trunk phone's fake must keep its 0. Every phone starts on a digit, a "+" or a "(": that look-ahead
#: first rules out most positions at one step (the alternatives' look-behinds cost several at each). Every
#: alternative ends as ``_PHONE_END`` says, read once after them (the same matches as a copy in each: a failed end
#: backtracks into the alternatives in their order; one copy compiles in a quarter of the time).
_PHONE = (
    rf"(?=[\d{_PLUS}{_OPEN}])(?:(?P<trunk>{_PHONE_TRUNK})|{_PHONE_GROUPED}|{_PHONE_INTL}|{_PHONE_RU}|{_PHONE_LOCAL})"
    + _PHONE_END + _NOT_AN_AMOUNTS_NUMBER
)

#: Currency words that are no ISO code, read before an amount (Rs. 1,23,456; Rp 150.000; kr 1 299,00)
#: or after it (12 kr; 250 Kč). None is a prefix of another or of a code.
_WORDS_BEFORE = ("Rp", "RM", "Dhs", "KSh", "kr", "zł")
_WORDS_AFTER = ("zł", "kr", "Kč")
CURRENCY_WORDS = ("Rs", *dict.fromkeys(_WORDS_BEFORE + _WORDS_AFTER))
#: Before: a sign a country's letters may lead (HK$, NT$, R$, GH₵), a sign, a word, a code.
_CUR_BEFORE = rf"(?:[A-Z]{{0,2}}[$₵]|[{_SIGNS}]|Rs\.?|{'|'.join(_WORDS_BEFORE)}|{_CODES})"
_CUR_AFTER = rf"(?:[{_SIGNS}{_UNIT_SIGNS}]|[A-Z]{{1,2}}\$|{'|'.join(_WORDS_AFTER)}|{_CODES})"
_SEP = r"[,. '’\u00a0\u202f，．]"  # between groups of three digits (1'234.50 in Switzerland; ，and ． full-width)
#: A number: Indian grouping (1,23,456: never started on a later group of its run, else a long run of
#: ",23" groups was read again from each), groups of three (none that a dash and a digit follow: a phone's, as in
#: ``$1,200 555-0133``; session 35), or plain digits; then decimals, and never
#: followed by another digit ($1234.56 was read as $123, its last digits left real). At most 21 digits
#: before the decimals: the faker's cost grows as the square of a value's length, and a run of 500,000
#: groups after a "€" was one amount (minutes); a longer run is no amount, or only its first groups.
_NUMBER = (
    rf"(?:(?<!\d,)\d{{1,2}}(?:,\d\d){{1,6}},\d{{3}}|\d{{1,3}}(?:{_SEP}\d{{3}}(?![{_DASHES}]\d)){{1,6}}|\d{{1,15}})(?:[.,．，]\d{{1,2}}|,-)?(?!\d)"
)
#: No amount starts on a group of three digits that continues a chain of groups an earlier start read
#: ("123 123 123 …" after a currency word was read again from each group: n^2).
_NOT_A_LATER_GROUP = (
    rf"(?:(?<!(?<![\w.,])\d{_SEP})(?<!(?<![\w.,])\d\d{_SEP})(?<!(?<!\w)\d\d\d{_SEP})(?<!\d{_SEP}\d\d\d{_SEP})"
    r"|(?!\d{3}(?!\d)))"
)
_AMOUNT_GAP = r"[ \u00a0\u202f]?"  # between the currency and the number
#: Every amount starts on a capital (a code, HK$), "k" or "z" (kr, zł), a sign, "-" or a digit: that look-ahead rules out
#: most positions at one step.
AMOUNT = re.compile(
    rf"(?=[\-\dA-Zkz{_SIGNS}])(?<!{_WORD}){_NOT_A_LATER_GROUP}(?:{_CUR_BEFORE}{_AMOUNT_GAP}-?(?:{_NUMBER})"
    rf"|-?(?:{_NUMBER}){_AMOUNT_GAP}{_CUR_AFTER}(?![A-Za-z\d]))"
)
#: Street suffixes; not words as common in titles as Park, View, Point, Walk, Row, Loop, Plaza, Hill or
#: Run ("4 Day View", "11:00 Morning Walk"). A longer form comes before its short one (Crescent, Cres).
STREET_SUFFIXES = (
    "Street|St|Avenue|Ave|Road|Rd|Lane|Ln|Boulevard|Blvd|Drive|Dr|Court|Ct|Way|Place|Pl|Terrace|Ter|"
    "Parkway|Pkwy|Circle|Cir|Highway|Hwy|Square|Sq|Trail|Trl|Alley|Crescent|Cres|Close|Cl|"
    "Pike|Ridge|Gardens|Mews|Heights|Expressway|Wharf|Parade"
)
#: A word of a street's name: capitalised (a direction "W" too) or an ordinal (5th, 42nd).
#: A clock's AM/PM is no street word ("at 9 AM Gold Street"), and no house number follows a ":" ("11:00").
#: A street name's first letter is a capital, Latin-1's and Latin Extended-A's too ("12 Ørsted Road").
_CAPITAL = "A-ZÀ-ÖØ-Þ\u0100-\u017f"
#: A word of Chinese, Japanese or Korean glued to one is none of its letters (``_WORD``: "Street様住所は123" was one
#: street word, and a street ran on into the next; session 36).
_STREET_WORD = rf"(?:(?!(?:AM|PM|A\.M\.|P\.M\.)(?![\w.]))[{_CAPITAL}](?:{_WORD}++|['.\-])*+|\d{{1,3}}(?:st|nd|rd|th))"
#: A suffix as written, or in capitals ("1847 LARKSPUR BLVD").
_SUFFIX = f"{STREET_SUFFIXES}|{STREET_SUFFIXES.upper()}"
#: A house number: its digits, perhaps a letter, right after them or after a hyphen (12B, 2210-B; a leak audit of
#: 2026-12-03, session 34).
_HOUSE_NUMBER = r"\d{1,6}(?:-?[A-Za-z])?"
#: Its edges are word edges, where a word of Chinese, Japanese or Korean may stand glued (``_WORD``: "住所は123 Main
#: Street です", "Ship to 123 Main Street様"; session 36).
STREET = re.compile(
    rf"(?<!{_WORD})(?<!:)({_HOUSE_NUMBER})\s++((?:{_STREET_WORD}\s++){{1,4}})({_SUFFIX})(?!{_WORD})\.?"
    rf"(?:,?\s+(?:Apt|Suite|Unit|Ste|#)\.?\s*(?:{_WORD}|-)+)?"
)
MEET = re.compile(rf"(?<!{_WORD})(?<!-)[a-z]{{3}}-[a-z]{{4}}-[a-z]{{3}}(?!{_WORD})(?!-)")
UUID = re.compile(r"(?<![0-9A-Fa-f])[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}(?![0-9A-Fa-f])")
#: The middle of every UUID: a literal first character, so a long value (a style) is ruled out at the
#: speed of a character search, where the full pattern is tried at every hex digit (140 ms on 3 MB of CSS).
_UUID_HINT = re.compile(r"-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-")
#: An "@" with the local part before it and the ASCII domain after it (and the next character), as the
#: @ check reads it; ``neutralise_at`` finds each "@" first and reads these two runs from it.
_AT = re.compile(r"([\w.+\-]*)@([A-Za-z0-9.\-]*)(?=(.?))", re.S)
_LOCAL_REVERSED = re.compile(r"[\w.+\-]*")
_DOMAIN = re.compile(r"[A-Za-z0-9.\-]*")
#: Chinese, Japanese or Korean words glued after an address's domain ("…@example.orgまで", as those scripts write):
#: no lookalike, as no top-level domain mixes the scripts; one that a dot and a label follow ("…@example.org获取.cn")
#: is part of a domain that mixes them in a lower label, so the @ goes (``emails.EMAIL`` reads the same way: a
#: hyphen after them continues no domain, "…@example.orgまで-よろしく").
_GLUED_WORDS = re.compile(rf"[{CJK}]++(?!\.[^\W_]|[\u3002\uff0e\uff61][A-Za-z0-9])")


def _bump(counts: Counts, kind: str) -> None:
    counts[kind] = counts.get(kind, 0) + 1


def _shaped_sub(pattern: re.Pattern[str], kind: str, faker: Faker, text: str, counts: Counts, **shape: bool) -> str:
    def one(m: re.Match[str]) -> str:
        fake = faker.shaped(kind, m.group(0), **shape)
        if fake != m.group(0):
            _bump(counts, kind)
        return fake

    return pattern.sub(one, text)


def _fake_street(faker: Faker, m: re.Match[str], counts: Counts) -> str:
    """A street match's fake; the dot the pattern reads after the suffix ("St.", or a sentence's full
    stop) stays."""
    dot = "." if m.string.startswith(".", m.end(3)) else ""
    fake = faker.street(m.group(1), m.group(3) + dot, m.group(0))
    if fake != m.group(0):
        _bump(counts, "street")
    return fake


#: Every card and phone match holds one of: a digit, a separator and three digits (a card's group, a
#: grouped phone's last group), a digit, ")" and a digit (8 (912) 345-67-89), or two 2-digit groups
#: (8912345-67-89); a 0, 1-4 digits, a separator and a digit (a trunk phone's start, a 00 prefix); a "+"
#: and a digit (an international phone). Cheap scans that rule most texts out before the big pattern:
#: each on its own has a fast first step (a digit class, a literal), which one alternation of the three
#: had not (three times slower on prose).
_CARD_OR_PHONE_HINT = re.compile(rf"\d{_PSEP}\d\d\d|\d[{_CLOSE}]{_PSEP}?\d|\d{_PSEP}\d\d{_PSEP}\d\d")
_TRUNK_HINT = re.compile(rf"0\d{{1,4}}+{_ISEP}\d")  # a literal first: the scan runs at a character search's speed
_WIDE_TRUNK_HINT = re.compile(rf"\uff10\d{{1,4}}+{_ISEP}\d")  # a full-width 0's, in a text beyond ASCII only
_INTL_HINT = re.compile(r"\+\d")
_WIDE_INTL_HINT = re.compile(r"\uff0b\d")
#: Every amount holds a currency sign or word: an alternation of literals only, so the scan skips to
#: their first characters.
_CURRENCY_HINT = re.compile("|".join(re.escape(w) for w in (*_SIGNS, *_UNIT_SIGNS, *CURRENCY_WORDS, *CURRENCY_CODES)))
#: Every street holds "digit(s), perhaps a hyphen, at most two letters (a house number's letter, an ordinal's),
#: white space, a capital" (its first name word or, after ordinals, the word after them).
_STREET_HINT = re.compile(rf"\d-?[A-Za-z]{{0,2}}\s++[{_CAPITAL}]")


#: The separators and brackets beyond ASCII a card or a phone may hold (``_may_hold_card_or_phone``).
_WIDE_SEPARATOR = re.compile(rf"[{_GROUP_SPACES.replace(' ', '')}{_DASHES.replace(chr(92) + '-', '')}\u3000\uff08]")


def _may_hold_card_or_phone(text: str) -> bool:
    # every card and phone holds a separator: most ids and times hold none (a text of ASCII alone is
    # known as such at no cost, and then holds none of the other separators: one scan for them, only
    # in a text that holds a character beyond ASCII)
    if not (
        " " in text or "-" in text or "." in text or "(" in text or "/" in text
        or (not text.isascii() and _WIDE_SEPARATOR.search(text) is not None)
    ):
        return False
    return bool(
        _CARD_OR_PHONE_HINT.search(text) or _TRUNK_HINT.search(text)
        or ("+" in text and _INTL_HINT.search(text))
        or (not text.isascii() and (_WIDE_TRUNK_HINT.search(text) or _WIDE_INTL_HINT.search(text)))
    )


def may_start_a_street(text: str) -> bool:
    """Whether ``text`` holds a street's start (a number, white space, a capital), for a text that ends
    inside the street's name words (``split_values``)."""
    return _STREET_HINT.search(text) is not None


def _may_hold_street(text: str) -> bool:
    # white space between two words: a space, or any other (a tab, a no-break space)
    return (" " in text or len(text.split(None, 1)) > 1) and _STREET_HINT.search(text) is not None


_CARD_OR_PHONE = re.compile(f"(?=[\\d{_PLUS}{_OPEN}])(?:(?P<card>{_CARD})|(?P<phone>{_PHONE}))")
#: A code a one-tap dial string dials after the phone's pauses: ``+16465550134,,84512937761#,,,,*662931#``
#: (Zoom's meeting id and passcode, Teams' conference id), the key to a meeting as a Meet code is (an audit
#: of 2026-12-03). Two commas or more, then the code's digits (four or more; a "*" may lead) and its "#". A
#: match starts at a run's first comma only (tried after each comma, a long run of them cost n^2), and holds
#: its pauses and "#": the split-value join moves a match whole, and the digits alone read as no code.
DIAL_CODE = re.compile(r"(?<![,*]),,[,*]*+(\d{4,}+)#")


def _sub_iban(faker: Faker, text: str, counts: Counts, taken: list[tuple[int, int]]) -> str:
    spans = [sp for sp in iban_spans(text) if not (taken and in_spans(taken, *sp))]
    if not spans:
        return text
    out, at = [], 0  # one pass over the text (rebuilt per IBAN, a page of them cost n^2)
    for start, end in spans:
        out += [text[at:start], fake_iban(faker, text[start:end], counts)]
        at = end
    out.append(text[at:])
    taken += spans  # an IBAN's fake keeps its length: the spans still stand
    return "".join(out)


def _fake_dial_code(faker: Faker, m: re.Match[str], counts: Counts) -> str:
    """The code faked as a labelled id is (kind "order"): one code, one fake, after its label too."""
    digits, at = m.group(1), m.start(1) - m.start()
    fake = faker.shaped("order", digits, letters=False)
    if fake != digits:
        _bump(counts, "dial-code")
    return m.group(0)[:at] + fake + m.group(0)[at + len(digits) :]


#: How a phone whose first digit is a 0 starts (``_fake_phone`` keeps that 0).
_LEADING_ZEROS = ("0", "\uff10", "(0", "(\uff10", "\uff080", "\uff08\uff10")


def _fake_phone(faker: Faker, m: re.Match[str], counts: Counts) -> str:
    """A phone's fake in its shape; a trunk phone keeps its 0 and an international one its 00 prefix
    (the other digits faked): the next pass must read the fake as the same phone."""
    value = m.group(0)
    if m.start("idd") >= 0:  # the international prefix 00 stays, as a trunk's 0 does
        keep = m.end("idd") - m.start()
        fake = value[:keep] + faker.shaped("phone", value[keep:], letters=False)
    elif m.start("trunk") >= 0 or value.startswith(_LEADING_ZEROS):
        # the trunk's 0, and its bracket; any phone's leading 0 (a local number's fake led by "00" read on the next
        # pass as an international prefix before the number after it: a review, session 35)
        keep = 2 if value.startswith(("(", "\uff08")) else 1
        fake = value[:keep] + faker.shaped("phone", value[keep:], letters=False)
    else:
        fake = faker.shaped("phone", value, letters=False)
    if fake != value:
        _bump(counts, "phone")
    return fake


def fake_cards_and_phones(faker: Faker, text: str, counts: Counts, taken: list[tuple[int, int]] | None = None) -> str:
    """One scan for both, a card taking precedence: a card's groups also look like a phone. Each
    span faked is added to ``taken``."""

    if taken:
        taken.sort()  # sorted, none overlapping: each match is checked against its neighbours only (a text of
        # thousands of IBANs, their groups each a card's or a phone's shape, cost n^2 against all of them)

    def one(m: re.Match[str]) -> str:
        if taken is not None:
            if taken and _in_sorted(taken, m.span()):
                return m.group(0)
            insort(taken, m.span())
        if m.start("card") < 0:
            return _fake_phone(faker, m, counts)
        fake = faker.shaped("card", m.group(0), letters=False)
        if fake != m.group(0):
            _bump(counts, "card")
        return fake

    return _CARD_OR_PHONE.sub(one, text)


def _sub_outside(pattern: re.Pattern[str], text: str, taken: list[tuple[int, int]], fake) -> str:
    """``pattern.sub(fake, text)``, leaving each match that overlaps a span of ``taken`` as it is;
    the spans faked are added to ``taken`` (kept sorted: each match is checked against its neighbours only, where a
    scan of all of them cost n^2 on a text of thousands of amounts beside phones; a review, session 35)."""
    done: list[tuple[int, int]] = []
    taken.sort()

    def one(m: re.Match[str]) -> str:
        if taken and _in_sorted(taken, m.span()):
            return m.group(0)
        done.append(m.span())
        return fake(m)

    out = pattern.sub(one, text)
    if done:
        taken += done
        taken.sort()
    return out


def uuid_spans(text: str) -> list[tuple[int, int]]:
    """Where ``fake_uuids`` fakes a UUID: a rule run before it over the same value leaves these alone."""
    return [m.span() for m in UUID.finditer(text)] if text.count("-") >= 4 and _UUID_HINT.search(text) else []


def fake_numbers(faker: Faker, text: str, counts: Counts, *, uuids: bool = False) -> str:
    """IBANs, cards, then phones, dial codes, amounts and streets (cards first: a card's groups also look like a
    phone; IBANs before them: an IBAN's groups look like a card).

    A match that overlaps a value an earlier rule faked is left to that rule ("$123 Main Ave" is an
    amount, "+44 7700 900123 €" a phone): faked again by the later rule, the earlier fake was no
    longer one the next pass knew, and it was faked anew (never a fixed point). All the rules keep
    lengths but the street rule, the last. With ``uuids`` (where ``fake_uuids`` runs next) every UUID
    is left to it the same way: "€9f1c…-…" holds the amount "€9", and each rule faked the other's fake."""
    if not _DIGIT.search(text):
        return text
    taken = uuid_spans(text) if uuids else []
    if len(text) >= MIN_IBAN:  # before cards: an IBAN's groups hold a card's shape
        text = _sub_iban(faker, text, counts, taken)
    if _may_hold_card_or_phone(text):
        text = fake_cards_and_phones(faker, text, counts, taken)
    if ",," in text:
        text = _sub_outside(DIAL_CODE, text, taken, lambda m: _fake_dial_code(faker, m, counts))
    if _CURRENCY_HINT.search(text):

        def amount(m: re.Match[str]) -> str:
            fake = faker.amount(m.group(0))
            if fake != m.group(0):
                _bump(counts, "amount")
            return fake

        text = _sub_outside(AMOUNT, text, taken, amount)
    if _may_hold_street(text):

        text = _sub_outside(STREET, text, taken, lambda m: _fake_street(faker, m, counts))
    return text


def pattern_spans(text: str) -> list[tuple[int, int]]:
    """Where ``fake_numbers`` fakes a value whole (IBAN, card, phone, dial code, amount, street address), same gates.

    A receipt label names "the next words", and those can be the groups of a card or the number of
    a street: such a value belongs to its pattern rule alone. Were a label to fake its first groups
    too, the pattern rule would fake that mixture, and the next pass would fake the card fake's
    groups as labelled ids again (never a fixed point). The pattern fakes keep their pattern's
    shape, so the next pass finds the same spans.
    """
    if not _DIGIT.search(text):
        return []
    spans: list[tuple[int, int]] = []
    ibans = iban_spans(text) if len(text) >= MIN_IBAN else []
    spans += ibans
    if _may_hold_card_or_phone(text):
        cards = (m.span() for m in _CARD_OR_PHONE.finditer(text))
        # checked against their neighbours among the sorted IBANs (against all spans, a page of IBANs cost n^2)
        spans += [sp for sp in cards if not _in_sorted(ibans, sp)] if ibans else list(cards)
    # each later rule's matches checked against the sorted spans before them, neighbours only (n^2 against all)
    for pattern in (DIAL_CODE if ",," in text else None, AMOUNT if _CURRENCY_HINT.search(text) else None,
                    STREET if _may_hold_street(text) else None):
        if pattern is not None:
            before = sorted(spans)
            spans += [sp for sp in (m.span() for m in pattern.finditer(text)) if not _in_sorted(before, sp)]
    return spans


#: Where the pattern rules read letters literally, as a labelled word (a run of letters, digits and inner
#: hyphens) can hold them: a currency word starting a run of letters (after the word's start or a
#: hyphen: the amount's look-behind) or right after a number's digit or at the word's start (the amount
#: ``12 kr``), a street suffix starting the word and ending it or a hyphen (``\b``: "St12" is a name, not
#: a suffix), a unit word starting it, an ordinal's letters right after a digit (a street's "42nd").
#: Everything else they read by class (digit, word character, capital, space, separator); "$" and the
#: currency signs are never in a word. A labelled fake keeps each digit a digit and each letter a letter
#: of the same case, so a fake whose old and new words hold none of these cannot move a span of
#: ``pattern_spans`` (``labelled_values.SpanMemo``). One digit value is read too, a trunk phone's leading 0, and
#: it needs no entry: a fake keeps a leading non-zero digit non-zero, so a word's fake can start a trunk
#: phone only where the word already did, and such a word is inside the phone's span, never faked.
LITERAL_WORDS = re.compile(
    rf"(?:^|(?<=-))(?:Rs|{'|'.join(_WORDS_BEFORE)}|{_CODES})"
    rf"|(?:^|(?<=\d))(?:{'|'.join(_WORDS_AFTER)}|{_CODES})"
    rf"|^(?:{_SUFFIX})(?![A-Za-z0-9_])|^(?:Apt|Suite|Unit|Ste)"
    r"|\d(?:st|nd|rd|th)(?![A-Za-z0-9])"
)


def _in_sorted(spans: list[tuple[int, int]], span: tuple[int, int]) -> bool:
    """``in_spans`` for sorted spans that do not overlap each other: only the neighbours are read."""
    i = bisect_left(spans, span)
    return (i < len(spans) and spans[i][0] < span[1]) or (i > 0 and spans[i - 1][1] > span[0])


def in_spans(spans: list[tuple[int, int]], start: int, end: int) -> bool:
    """True when [start, end) overlaps one of ``spans``."""
    return any(s < end and start < e for s, e in spans)


def fake_meet(faker: Faker, text: str, counts: Counts) -> str:
    """A Google Meet code (abc-defg-hij, the key to a meeting); the caller decides the context."""
    if "-" not in text:
        return text
    return _shaped_sub(MEET, "meet", faker, text, counts)


def fake_uuids(faker: Faker, text: str, counts: Counts) -> str:
    """Every UUID (a trip's map image is named after one); callers skip Gmail's data-legacy-* ids."""
    if text.count("-") < 4 or not _UUID_HINT.search(text):
        return text
    return _shaped_sub(UUID, "uuid", faker, text, counts, hex_letters=True)


def neutralise_at(text: str, counts: Counts) -> str:
    """Every @ that is not part of a fake address or a kept registry sender becomes ＠ (U+FF20).

    Mirrors the @ check (grep -oE '@[A-Za-z0-9.-]+'): the domain is read in ASCII only, so a
    lookalike domain (a non-ASCII code point right after the ASCII part) is neutralised too.
    """
    if "@" not in text:
        return text
    # What ``_AT.sub`` reads, found from each "@": the pattern, tried at every letter of a long run
    # before a miss, cost n^2. A local part is the run of its characters just before the "@", not
    # reaching back past the previous match (its domain).
    out: list[str] = []
    n = len(text)
    reversed_text = text[::-1]
    copied = floor = 0
    at = text.find("@")
    while at >= 0:
        start = max(floor, n - _LOCAL_REVERSED.match(reversed_text, n - at).end())  # type: ignore[union-attr]
        end = _DOMAIN.match(text, at + 1).end()  # type: ignore[union-attr]  # may be empty
        local, written = text[start:at], text[at + 1 : end]
        domain, after = written.rstrip(".-"), text[end : end + 1]
        lookalike = bool(after) and not after.isascii() and after.isalnum() and not _GLUED_WORDS.match(text, end)
        if not (local and domain and allowed_domain(domain) and not lookalike and domain == written[: len(domain)]):
            _bump(counts, "at-sign")
            out += (text[copied:at], "\uff20")
            copied = at + 1
        floor = end
        at = text.find("@", end)
    if not out:
        return text
    out.append(text[copied:])
    return "".join(out)
