"""Email rules: plain, percent-encoded and base64-hidden addresses, and the registry-domain rule.

An address at a reserved fake domain is left (it is already a fake). An ASCII address at a registry
domain or subdomain keeps its domain with a fake local part (the receipt parsers read only the
domain; a local part can name a person or carry a per-recipient token). Every other address becomes
a whole fake at example.com/.org/.net. Google Calendar event ids are base64 of "<id> <owner>", the
owner sometimes short ("name@m"): they are decoded, faked and re-encoded, the short form kept.
"""

from __future__ import annotations

import base64
import binascii
import re
from dataclasses import dataclass
from functools import cache
from urllib.parse import quote, unquote

from sanitize.faker import Faker, is_fake_local
from sanitize.registry import Platform, is_fake_domain, platform_for, sender_trigger
from sanitize.scripts import CJK, WORD_NOT_CJK

#: Characters that show nothing (a soft hyphen, the zero-width space, non-joiner and joiner, the word
#: joiner, a zero-width no-break space). Text copied from elsewhere carries them inside an address; read
#: as a break, the part before one was kept and the rest faked as an address of its own.
INVISIBLE = "\u00ad\u200b\u200c\u200d\u2060\ufeff"
_I = f"[{INVISIBLE}]*+"
#: A local part may hold an apostrophe between its other characters (an Irish name writes o'brien@…),
#: never first; a match never starts right after an inner one (a long run of "a'" was read again from
#: each) or after an invisible character (the same, for a run of them). "&" and "=" are left out:
#: "user=ada@…" is a query's key and an address. Invisible characters may sit anywhere inside either
#: part and right around the "@"; ``fake_address`` reads the address without them.
#: A percent escape of a character a local part holds: "+", "-", ".", "_" or a byte of an encoded UTF-8 letter
#: ("john%2Esmith@…", "ren%C3%A9e@…" in a search route or a copied link). Read as part of the local part; before, no
#: rule read such an address (the encoded one needs "%40") and it was kept whole with its @ turned into ＠.
_LOCAL_ESCAPE = r"%(?:2[bBdDeE]|5[fF]|[89a-fA-F][0-9a-fA-F])"
#: A local part's marks, also in their full-width forms as Japanese input writes them (ａｄａ．ｑｕｏｒｎ＠…, ada－quorn＠…).
_MARKS = ".+\\-\uff0b\uff0d\uff0e\uff3f"
_LC = rf"(?:[\w{_MARKS}]|{_LOCAL_ESCAPE})"
_LOCAL = rf"{_I}{_LC}(?:{_I}{_LC})*+(?:'{_I}{_LC}(?:{_I}{_LC})*+)*+{_I}"
_LATIN_RUN = rf"(?:{WORD_NOT_CJK}|[\-\uff0d])(?:{_I}(?:{WORD_NOT_CJK}|[\-\uff0d]))*+"
_CJK_RUN = rf"[{CJK}](?:{_I}[{CJK}])*+"
#: Chinese, Japanese and Korean write no space between words, so an address stands glued to the words beside it
#: ("メールはada@corp.ioまで", "请联系ada@corp.io获取", "연락처ada@corp.io로"), and their characters are word characters.
#: The words before the address are read with its local part and faked with it: they may be a name written glued to
#: it ("联系人：王伟wangwei@…"; a review of session 36 found a first cut that started the local part after them
#: keeping such names).
#: The words after it are no part of its domain: a label is a run of those scripts' characters and then others, or
#: the others alone, never a Latin run and then those scripts' (no label mixes them so: "corp.ioまで" is at corp.io,
#: and "まで" stays; read whole, it was lost from the page with the address; session 36). A domain written in them
#: (例え.テスト) is read whole. (A second review: a last label alone so read, a fake's domain ran on across the words
#: into the next fake's dotted local part, "…@example.orgまたはjuniper.saffron@…".)
_LABEL = rf"(?:{_CJK_RUN}(?:{_I}{_LATIN_RUN})?|{_LATIN_RUN})"
#: A label before a dot may mix them once more (abc中文.com, 例えabc例え.jp: a third review found such addresses no
#: longer read), but never Latin, theirs and Latin again: those are two addresses' parts and the words between them.
_INNER_LABEL = (
    rf"(?:{_CJK_RUN}(?:{_I}{_LATIN_RUN}(?:{_I}{_CJK_RUN})?)?|{_LATIN_RUN}(?:{_I}{_CJK_RUN})?)"
)

#: Where a local part starts: where no character it holds (nor "%", nor an invisible one) stands before it, so at the
#: start of a run of them and never inside one; also right after a percent escape ("from%3Aada@…", "%20ada@…": a
#: second review, session 36; also after "%40", the encoded rule having read any address that ends there, and after a
#: lone "%"; not after an escape of a character it holds, ``_LOCAL_ESCAPE``, where it would read a long run of them
#: again from each), and right after a word of those scripts where nothing
#: could start before it: the words between two glued addresses ("ada@corp.ioまたはbob@corp.io": the second was left
#: whole). A run of such words that could start a local part still starts it (the leftmost start wins). After such a
#: word, only where no more of them stand before the "@": tried at each word of a long run of them and Latin words,
#: a start read the rest of the run for its "@" (n^2).
_NO_CJK_TO_AT = rf"(?=(?:{WORD_NOT_CJK}|[{_MARKS}{INVISIBLE}])++[@\uff20])"
_LOCAL_START = (
    rf"(?:(?<![\w%{_MARKS}{INVISIBLE}])|(?<=%[0-9a-fA-F]{{2}})(?<!%2[bBdDeE])(?<!%5[fF])(?<!%[89a-fA-F][0-9a-fA-F])"
    rf"|(?<=%)(?![0-9a-fA-F]{{2}})|(?<=[{CJK}]){_NO_CJK_TO_AT})(?<![\w.+\-]')"
)


#: A domain's dot: also the full-width ．, which Japanese pages write (with ＠ and full-width letters, "info＠corp．co．jp")
#: so that harvesters miss the address; before, none was read. Never before a word of those scripts or a capitalised
#: word: there it ends a sentence ("info＠corp.co.jp．次に", "ada@corp.io．Bob Quorn <…>"); before a label in capitals
#: it is a dot ("ADA@CORP．IO": kept whole by a first cut that read every capital so, a review of session 37), but
#: not before a capital alone ("ada@corp.io．I will", a second review; "FYI" after one is still read as a label).
_FULL_STOP_DOT = rf"\uff0e(?![{CJK}]|(?-i:[A-Z](?:[A-Za-z]*?[a-z]|(?![A-Za-z]))))"  # capitals read as such under re.I
_DOT = rf"(?:\.|{_FULL_STOP_DOT})"


def _address(at: str) -> str:
    return rf"{_LOCAL_START}({_LOCAL}){at}{_I}((?:{_INNER_LABEL}{_I}{_DOT})+{_LABEL})"


#: Full-width forms of ASCII (U+FF01-U+FF5E) as ASCII: an address written in them gets the fake of the one written plain.
_HALF_WIDTH = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)}


EMAIL = re.compile(_address("@"))
#: An address written with either @, for the rules that read a name beside one (``display_names``).
EITHER_AT_ADDRESS = _address("[@\uff20]")
#: An address written with the full-width ＠ (Japanese pages write one so that harvesters miss it): faked as any, its
#: fake written with the ＠ too (``fake_wide``). Left whole before (a review, session 36): the ＠ is also what
#: ``values.neutralise_at`` writes for an @ of no address, and such a ＠ has no local part or no dotted domain beside
#: it ("＠mention", "\"ada quorn\"＠corp.io"), so none reads as an address on the next pass.
WIDE_EMAIL = re.compile(_address("\uff20"))
#: A percent-encoded address: its local part starts after a delimiter, written plain or encoded
#: ("from%3Alena%40…" in a search link), and either part may hold encoded UTF-8 ("l%C3%A9na"). A
#: part never starts after an encoded character it could hold itself (``_LOCAL_ESCAPE``): tried there, each
#: start of a long run of them read the rest of the run again (n^2), and what stood before was kept.
_PCT_BYTE = r"%[89a-fA-F][0-9a-fA-F]"
_PCT_EMAIL = re.compile(
    r"(?:(?<![\w.%\-])|(?<=%[0-9a-fA-F]{2})(?<!%2[bBdDeE])(?<!%5[fF])(?<!%[89a-fA-F][0-9a-fA-F]))"
    rf"((?:[\w.\-]|{_LOCAL_ESCAPE})+)%40((?:(?:[\w\-]|{_PCT_BYTE})+\.)+[\w\-]+)"
)
_SHORT = re.compile(r"(?<![\w.+%\-])([\w.+\-]+)@m(?![\w.\-])")
_HEX = re.compile(r"[0-9a-fA-F]+")
_HAS_INVISIBLE = re.compile(f"[{INVISIBLE}]")
_B64 = re.compile(r"(?<![A-Za-z0-9+/_\-])[A-Za-z0-9+/_\-]{16,}={0,2}(?![A-Za-z0-9+/_=\-])")


@dataclass(frozen=True)
class EmailFake:
    fake: str
    platform: Platform | None  # set when the domain was kept (a registry sender)


def address_spans(text: str) -> list[tuple[int, int]]:
    """Where ``fake_plain``, ``fake_percent`` and ``fake_wide`` read an address (each faked whole by its rule)."""
    spans = [m.span() for m in EMAIL.finditer(text)] if "@" in text else []
    if "%40" in text:
        spans += [m.span() for m in _PCT_EMAIL.finditer(text)]
    if "\uff20" in text:
        spans += [m.span() for m in WIDE_EMAIL.finditer(text)]
    return spans


def fake_address(faker: Faker, local: str, domain: str) -> EmailFake:
    """The capture's fake for one address (see the module's doc for the rule)."""
    if _HAS_INVISIBLE.search(local) or _HAS_INVISIBLE.search(domain):
        local, domain = _HAS_INVISIBLE.sub("", local), _HAS_INVISIBLE.sub("", domain)
    if is_fake_domain(domain):
        return EmailFake(f"{local}@{domain}", None)
    address = f"{local}@{domain}"
    platform = platform_for(domain) if address.isascii() else None
    if platform is not None:
        if is_fake_local(local):
            return EmailFake(address, platform)
        return EmailFake(f"{faker.email_local(local, '+' in local)}@{domain.lower()}", platform)
    if faker.is_issued("email", address):
        return EmailFake(address, None)
    return EmailFake(faker.email(address, keep_words=(sender_trigger(),)), None)


def fake_plain(faker: Faker, text: str, counts: dict[str, int], found: list[tuple[str, EmailFake]] | None = None) -> str:
    """Fake every plain address in ``text``; ``found`` collects (original, fake) for name learning."""
    return _fake_written(EMAIL, "@", faker, text, counts, found) if "@" in text else text


def fake_wide(faker: Faker, text: str, counts: dict[str, int]) -> str:
    """Fake every address written with the full-width ＠ (``WIDE_EMAIL``), the fake written with it."""
    return _fake_written(WIDE_EMAIL, "\uff20", faker, text, counts) if "\uff20" in text else text


def _fake_written(pattern: re.Pattern[str], at: str, faker: Faker, text: str, counts: dict[str, int],
                  found: list[tuple[str, EmailFake]] | None = None) -> str:
    def one(m: re.Match[str]) -> str:
        local, domain = m.group(1), m.group(2).rstrip(".\uff0e")
        tail = m.group(2)[len(domain):]
        if "%" in local:  # its escapes read as the characters they write: one address, one fake
            local = unquote(local)
        if not (local + domain).isascii():
            local, domain = local.translate(_HALF_WIDTH), domain.translate(_HALF_WIDTH)
        result = fake_address(faker, local, domain)
        original = f"{local}@{domain}"
        if found is not None:
            found.append((original, result))
        if result.fake == original:
            return m.group(0)  # as written: its escapes or full-width letters stay
        counts["email"] = counts.get("email", 0) + 1
        fake = result.fake
        if m.string[max(0, m.start() - 3) : m.start()].lower() == "%40":
            # right after an encoded @ ("q%40ada@…"), a fake local part's dot written plain makes "q%40order.zephyr"
            # an encoded address on the next pass (the rules took turns and the page was refused): it is encoded
            fake_local, _, fake_domain = fake.rpartition("@")
            fake = fake_local.replace(".", "%2E") + "@" + fake_domain
        return fake.replace("@", at, 1) + tail

    return pattern.sub(one, text)


#: An address written against harvesters with its @ spelled out in a bracket, its dots too or not, as signatures and
#: imprints write one: "ada.quorn(at)corp.io", "ada.quorn [at] corp [dot] io", "ada{at}corp.io", "ada[@]corp.io".
#: Kept whole before (session 37). Spelled with no bracket ("ada at corp dot io") it is prose as often, and left; so
#: is a domain with no letter-only last label ("price (at) 5.00", "Meet (at) noon.").
#: A bracketed "at" is read as an @ whatever the spacing: prose and code seldom write one, and faking them loses a
#: few words where leaving them would leave an address ("Find us (at) github.com" and "print(at) os.path" are faked;
#: a rule that left a plain word spaced from its bracket, after a review of session 37, left "info (at) firma.de" and
#: "ADA (at)CORP.IO" too, and a second review, session 38, found those leaks). Its domain ends before words of the
#: scripts that write none between words, and the words before it are read with its local part, as ``EMAIL`` reads
#: them ("連絡先はada.quorn(at)corp.ioまで", "请联系王伟wangwei(at)…": they may be a name); its inner labels may be
#: theirs (例え.jp). A chain of @s, spelled or plain, before it is read as its local part and faked with it
#: ("ada(at)bob(at)cy(at)corp.io", "x@ada(at)corp.io"): faked alone, the last address's fake wrote a dotted local
#: part after the @ before it, which the next pass read as that @'s domain, and the page was refused (session 37's
#: review); a first fix that read no address followed by another spelled @ left "ada(at)corp.io (at) noon" whole.
#: Up to eight links: a longer chain keeps its first links, as a chain of plain @s does, and no start reads a long
#: one to its end again (n^2). Followed by a plain @ ("ada(at)corp.io@home.net"), the plain rule has read the address
#: there first; the fake's domain is then that fake's local part, an address of a fake domain, which is left.
#: Its brackets are also the full-width ones Japanese input writes (ada（at）corp.io), the space around them may be a
#: no-break one, and a dot may be bracketed as it stands ("[.]", "(.)") as well as spelled (session 38).
_OPEN, _CLOSE, _SPACE = "[(\\[{\uff08\uff3b\uff5b]", "[)\\]}\uff09\uff3d\uff5d]", "[ \\t\u00a0]"
#: The words in the brackets, also as Japanese pages write them: full-width, and "アット" (at), "ドット" (dot).
_AT_WORD, _DOT_WORD = "(?:at|\uff41\uff54|@|\uff20|\u30a2\u30c3\u30c8)", "(?:dot|\uff44\uff4f\uff54|\\.|\uff0e|\u30c9\u30c3\u30c8)"
_SPELLED_AT = rf"{_SPACE}*+{_OPEN}{_SPACE}*+{_AT_WORD}{_SPACE}*+{_CLOSE}{_SPACE}*+"
_SPELLED_DOT = rf"(?:\.(?=[\w\-])|{_FULL_STOP_DOT}|{_SPACE}*+{_OPEN}{_SPACE}*+{_DOT_WORD}{_SPACE}*+{_CLOSE}{_SPACE}*+)"
_SPELLED_DOT_RE = re.compile(_SPELLED_DOT, re.I)
#: Its last label is letters (two or more: "price (at) 5.00" is none) or a run of those scripts' characters (corp.中国).
SPELLED_OUT = (
    rf"(?:(?<![\w%{_MARKS}])|(?<=%[0-9a-fA-F]{{2}}))((?:[\w{_MARKS}]++(?:{_SPELLED_AT}|[@\uff20])){{0,8}}[\w{_MARKS}]++)"
    rf"({_SPELLED_AT})((?:{_INNER_LABEL}{_SPELLED_DOT})+(?:[{CJK}]++|[^\W\d_{CJK}]{{2,}}+))(?!{WORD_NOT_CJK}|-)")


@cache
def _spelled_out() -> re.Pattern[str]:
    """``SPELLED_OUT`` compiled on first use: its classes of those scripts' characters cost 30 ms to compile, at every
    start of the toolkit, and most pages write no spelled-out @."""
    return re.compile(SPELLED_OUT, re.I)


#: Whether a text may hold one: a bracketed "at" or "@" (read before the address pattern, which tries each word).
_SPELLED_AT_HINT = re.compile(rf"{_OPEN}{_SPACE}*+{_AT_WORD}{_SPACE}*+{_CLOSE}", re.I)


def may_spell_out(text: str) -> bool:
    """Whether ``text`` may hold an address with a spelled-out @ (a bracket first: plain ``in`` tests)."""
    return ("(" in text or "[" in text or "{" in text or "\uff08" in text or "\uff3b" in text or "\uff5b" in text) \
        and _SPELLED_AT_HINT.search(text) is not None


def spelled_as_plain(text: str) -> str:
    """``text`` with each address with a spelled-out @ written with a plain @ and plain dots, for the rules that read
    a name beside an address (``Ada Quorn <ada(at)corp.io>``; session 38: such a name was left beside the fake).

    >>> spelled_as_plain("Ada Quorn (ada [at] corp [dot] io)")
    'Ada Quorn (ada@corp.io)'
    """
    return _spelled_out().sub(lambda m: m.group(1) + "@" + _SPELLED_DOT_RE.sub(".", m.group(3)), text)


def fake_spelled_out(faker: Faker, text: str, counts: dict[str, int]) -> str:
    """Fake every address written with a spelled-out @ (``SPELLED_OUT``): the address's fake, written with the
    page's spelling of the @ and plain dots; a fake is left as it stands."""
    if not may_spell_out(text):
        return text

    def one(m: re.Match[str]) -> str:
        # full-width forms read as ASCII: "ａｄａ（ａｔ）ｃｏｒｐ．ｉｏ" gets the fake of ada@corp.io
        local, domain = m.group(1).translate(_HALF_WIDTH), _SPELLED_DOT_RE.sub(".", m.group(3)).translate(_HALF_WIDTH)
        result = fake_address(faker, local, domain)
        if result.fake == f"{local}@{domain}":
            return m.group(0)
        counts["email"] = counts.get("email", 0) + 1
        return result.fake.replace("@", m.group(2), 1)

    return _spelled_out().sub(one, text)


def fake_percent(faker: Faker, text: str, counts: dict[str, int]) -> str:
    """Fake percent-encoded addresses (lena%40corp.io in a search link), re-encoding the fake."""
    if "%40" not in text:
        return text

    def one(m: re.Match[str]) -> str:
        local, domain = unquote(m.group(1)), unquote(m.group(2))
        result = fake_address(faker, local, domain)
        if result.fake == f"{local}@{domain}":
            return m.group(0)
        counts["email-encoded"] = counts.get("email-encoded", 0) + 1
        if m.string[max(0, m.start() - 3) : m.start()].lower() == "%40":
            # right after another encoded "@" ("12345678%40ada%40corp.io"), a fake local part's dot written
            # plain made "12345678%40order.zephyr" an address of its own on the next pass: it is encoded too
            fake_local, _, fake_domain = result.fake.rpartition("@")
            return quote(fake_local, safe="-_").replace(".", "%2E") + "%40" + quote(fake_domain, safe=".-_")
        return quote(result.fake, safe=".-_")

    return _PCT_EMAIL.sub(one, text)


def _decode(token: str) -> tuple[str, bool, bool] | None:
    """(text, urlsafe, padded) for a base64 token that decodes to UTF-8 holding '@', else None."""
    urlsafe = "-" in token or "_" in token
    padded = token.endswith("=")
    body = token.rstrip("=")
    if len(body) % 4 == 1:
        return None
    data = body + "=" * (-len(body) % 4)
    try:
        raw = base64.urlsafe_b64decode(data) if urlsafe else base64.b64decode(data, validate=True)
    except (binascii.Error, ValueError):
        return None
    if b"@" not in raw:
        return None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
    return text, urlsafe, padded


def fake_base64(faker: Faker, text: str, counts: dict[str, int]) -> str:
    """Fake addresses hidden in base64 ids (Calendar's data-eventid), keeping the alphabet and padding."""
    if len(text) < 16 or _B64.search(text) is None:  # most values hold no 16-character run
        return text

    def one(m: re.Match[str]) -> str:
        return fake_token(m.group(0))

    def fake_token(token: str) -> str:
        if _HEX.fullmatch(token):
            return token  # a hex id (Gmail's data-legacy-*) is not base64 in practice
        decoded = _decode(token)
        if decoded is None:
            if "/" in token:  # a path ("/calendar/u/0/r/eventedit/<id>"): each long segment is read on its own
                return "/".join(fake_token(part) if len(part) >= 16 else part for part in token.split("/"))
            return token
        inner, urlsafe, padded = decoded
        local_counts: dict[str, int] = {}
        new = fake_plain(faker, inner, local_counts)
        new = _SHORT.sub(lambda s: s.group(0) if is_fake_local(s.group(1)) else f"{faker.email_local(s.group(1), False)}@m", new)
        if new == inner:
            return token
        counts["email-base64"] = counts.get("email-base64", 0) + 1
        raw = new.encode("utf-8")
        out = (base64.urlsafe_b64encode(raw) if urlsafe else base64.b64encode(raw)).decode("ascii")
        return out if padded else out.rstrip("=")

    return _B64.sub(one, text)
