"""URL rules (spec §6.2, "Removes tokens from URLs everywhere").

A link to the page's own origin keeps its path and a plain #fragment; a link to any other host, or
to the page's host on another port, keeps only scheme and host (another site's path says what the
link is about: a recipient's address, a trip's addresses); any other scheme keeps only its scheme;
mailto: addresses are faked; a link Chrome cannot parse is dropped. Query strings and parameter
fragments are dropped everywhere. Hosts are read the way Chrome reads them: tabs and newlines
anywhere are ignored, backslashes count as slashes, any number of slashes may follow a special
scheme, user:password@ is not the host, and a non-ASCII host is mapped by UTS #46 (non-transitional).
When in doubt a link is cut to its host: over-cutting loses a path, under-cutting leaks one.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Callable
from urllib.parse import unquote, urlsplit

import idna

from sanitize.scripts import WORD_NOT_CJK

#: Attributes that hold a link (vendors keep links in data-* attributes too).
LINK_ATTRS = frozenset(
    {"href", "xlink:href", "action", "formaction", "cite", "data-saferedirecturl", "data-url", "data-href", "data-link"}
)
#: Schemes whose URLs have a host (WHATWG "special" schemes).
SPECIAL_SCHEMES = frozenset({"http", "https", "ftp", "ws", "wss", "file"})
#: Schemes that run or render markup: the whole attribute goes.
DANGEROUS_SCHEMES = frozenset({"javascript", "vbscript", "data", "livescript", "mocha"})

_CTRL_EDGES = "".join(chr(c) for c in range(0x21))
#: Every character ``str.strip()`` removes (``str.isspace``; a test recomputes the set).
UNICODE_SPACES = "\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680" + "".join(map(chr, range(0x2000, 0x200B))) + (
    "\u2028\u2029\u202f\u205f\u3000"
)
#: Trimmed at a URL's edges, in any order: the controls and the spaces, one strip for both.
_EDGES = _CTRL_EDGES + UNICODE_SPACES
_TAB_NL = re.compile(r"[\t\n\r]")
_SCHEME = re.compile(r"^([a-zA-Z][a-zA-Z0-9+.\-]*):")
#: Labels with optional dots between them: a split of "ab" as "a" "b" is another way to read it, so the
#: repeat is possessive (``++``): tried every way, a long host then a character no host holds cost 2^n.
_HOST_OK = re.compile(r"^(?:[a-z0-9_](?:[a-z0-9_\-]*[a-z0-9_])?\.?)++$|^\[[0-9a-f:.]+\]$")
_NOT_PRINTABLE_ASCII = re.compile(r"[^\x21-\x7e]")
_PCT_Q = re.compile(r"%3f", re.I)


def normalise(value: str) -> str:
    """What Chrome's URL parser sees: edges' C0 controls and spaces trimmed, tabs/newlines removed.

    Unicode spaces at the edges (U+2028, U+00A0) are trimmed too: Chrome would read such a link as a
    relative path, but a stricter reading costs nothing and keeps "javascript:" out of the output.
    """
    # one strip of both sets, which is where stripping them in turn until nothing changes ends
    # (in turn, "\x01\xa0" repeated took one round a pair: n^2)
    return _TAB_NL.sub("", value.strip(_EDGES))


def scheme_of(value: str) -> str | None:
    m = _SCHEME.match(normalise(value))
    return m.group(1).lower() if m else None


def is_dangerous(value: str) -> bool:
    """javascript:, vbscript: and data: URLs (data:text/html renders a page; data: images are images).

    Also when only invisible or non-ASCII characters stand before the scheme (\u180ejavascript:):
    Chrome reads that as a relative path today, but the text has no business in a fixture.
    """
    if value and "!" <= value[0] <= "~" and not value[0].isalpha():
        return False  # printable, not a letter, kept first by both readings below: no scheme at all
    if scheme_of(value) in DANGEROUS_SCHEMES:
        return True
    squeezed = _NOT_PRINTABLE_ASCII.sub("", value)
    m = _SCHEME.match(squeezed)
    return m is not None and m.group(1).lower() in DANGEROUS_SCHEMES


def parse_authority(rest: str) -> tuple[str, int | None] | None:
    """The host and port after a special scheme's colon, as Chrome reads them (the port None when none
    is written), or None when Chrome refuses the link: no host, an IPv6 address without its "]", with
    more than a port after it or that does not parse, a port that is not a number up to 65535."""
    rest = rest.lstrip("/\\")
    authority = re.split(r"[/\\?#]", rest, maxsplit=1)[0]
    authority = authority.rsplit("@", 1)[-1]  # user:password@ is not the host
    if authority.startswith("["):
        inner, bracket, port = authority[1:].partition("]")
        if not bracket or port[:1] not in ("", ":"):
            return None  # "[::1/secret", "[::1]x": Chrome throws
        host = _ipv6(inner)
        port = port[1:]
    else:
        name, _, port = authority.partition(":")
        host = _domain(name)
    if host is None:
        return None
    if not port:
        return host, None  # "host:" is the host with no port
    digits = port.lstrip("0")
    if not (port.isascii() and port.isdigit()) or len(digits) > 5 or int(digits or "0") > 65535:
        return None  # "host:99999999", "host:8a": Chrome throws
    return host, int(digits or "0")


def parse_host(rest: str) -> str | None:
    """The host after a special scheme's colon, as Chrome reads it, or None when Chrome refuses it."""
    authority = parse_authority(rest)
    return None if authority is None else authority[0]


def _domain(name: str) -> str | None:
    host = unquote(name) if name else ""  # Chrome reads a domain percent-decoded
    host = (host.lower() if host.isascii() else _domain_to_ascii(host) or "").rstrip(".")
    if not host:
        return None
    return host if _HOST_OK.match(host) else None


def _domain_to_ascii(host: str) -> str | None:
    """A non-ASCII host as Chrome reads it (the URL standard's domain to ASCII), or None when the idna
    package refuses it: UTS #46 mapping, non-transitional ("straße" is "xn--strae-oqa", not "strasse";
    full-width letters and dots are ASCII ones), then each non-ASCII label as an A-label. The ASCII
    labels are left as mapped, as Chrome leaves them (``idna.encode`` would refuse "a_b" or an empty
    label beside a non-ASCII one, which Chrome reads). What the package refuses and Chrome still reads
    (an emoji label, a non-ASCII label starting with "-") is dropped with its link: over-cut, never kept
    as another host."""
    try:
        mapped = idna.uts46_remap(host, std3_rules=False, transitional=False)
        return ".".join(label if label.isascii() else idna.alabel(label).decode("ascii") for label in mapped.split("."))
    except UnicodeError:  # idna.IDNAError is one
        return None


def _ipv6(inner: str) -> str | None:
    """``[…]``'s address as Chrome writes it, or None when Chrome refuses it (a zone: "fe80::1%eth0")."""
    if "%" in inner or not inner.isascii():
        return None
    try:
        packed = ipaddress.IPv6Address(inner).packed
    except ValueError:
        return None
    pieces = [packed[i] << 8 | packed[i + 1] for i in range(0, 16, 2)]
    # The URL standard's form, written here: the first longest run of two or more zero pieces becomes
    # "::", and an IPv4 tail is hex ("::ffff:102:304"; newer Pythons write ipaddress's IPv4-mapped
    # addresses dotted).
    best, best_len, i = 0, 1, 0
    while i < 8:
        j = i
        while j < 8 and pieces[j] == 0:
            j += 1
        if j - i > best_len:
            best, best_len = i, j - i
        i = max(j, i + 1)
    text = [format(p, "x") for p in pieces]
    if best_len < 2:
        return "[" + ":".join(text) + "]"
    return "[" + ":".join(text[:best]) + "::" + ":".join(text[best + best_len:]) + "]"


def plain_fragment(fragment: str) -> str:
    """'#inbox?compose=x' → '#inbox'; a fragment that carries parameters ('#access_token=…') → ''."""
    frag = re.split(r"\?|%3[fF]", fragment, maxsplit=1)[0]
    if re.search(r"[=&]|%3[dD]|%26", frag):
        return ""
    return "#" + frag if frag else ""


def own_path(value: str) -> str:
    """Path and plain fragment of a link on the page's own host; query (also %3F…) dropped."""
    path, _, frag = value.partition("#")
    path = path.split("?", 1)[0]
    path = _PCT_Q.split(path, maxsplit=1)[0]
    return path + (plain_fragment(frag) if frag else "")


#: The common link, for which ``cut_link``'s full reading is known in advance: http(s), two slashes, a
#: host of plain lower-case labels (no user@, port, %, backslash, upper case or trailing dot), then
#: nothing or a path/query/fragment of printable ASCII. Its host is the host Chrome reads.
_PLAIN_LINK = re.compile(r"(https?)://((?:[a-z0-9](?:[a-z0-9\-]*[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9\-]*[a-z0-9])?)(?:[/?#][\x21-\x7e]*)?")


def cut_link(raw: str, page_host: str, fake_email: Callable[[str], str]) -> str | None:
    """The kept form of a link attribute's value, or None to drop the attribute."""
    m = _PLAIN_LINK.fullmatch(raw)
    if m is not None and m.group(2) != page_host and "\\" not in raw:
        return f"{m.group(1)}://{m.group(2)}/"  # what the reading below gives for it, read faster
    value = normalise(raw)
    if not value:
        return ""
    if is_dangerous(value):
        return None
    m = _SCHEME.match(value)
    if m is None:
        if re.match(r"^[/\\]{2}", value):  # protocol-relative: another host, however slashes are written
            host = parse_host(value)
            return None if host is None else f"//{host}/"
        return own_path(value.replace("\\", "/"))
    scheme = m.group(1).lower()
    rest = value[m.end():]
    if scheme in DANGEROUS_SCHEMES:
        return None
    if scheme == "mailto":
        addresses = unquote(rest.split("?", 1)[0])
        fakes = [fake_email(a.strip()) for a in addresses.split(",") if "@" in a]
        return "mailto:" + ",".join(fakes)
    if scheme not in SPECIAL_SCHEMES:
        return scheme + ":"
    if scheme == "file":
        return "file:"
    authority = parse_authority(rest)
    if authority is None:
        return None
    host, port = authority
    # An origin is scheme, host and port: the page's own is https, its host and 443, written or not.
    # A link to its host on another port is another origin, a server the capture never saw, so it is
    # cut as any other host's link is, to scheme and host. Its path would point into that other site;
    # its port goes too, as other hosts' ports do ("http://evil.example:8080/p" keeps
    # "http://evil.example/"): no rule or observer reads a port, and dropped it can carry nothing.
    if scheme == "https" and host == page_host and port in (None, 443) and raw.startswith(f"https://{host}"):
        split = urlsplit(value)
        if split.hostname == host and "@" not in split.netloc and "\\" not in value:
            return f"https://{host}" + own_path(value[len(f"https://{split.netloc}"):] or "/")
    return f"{scheme}://{host}/"


# -- addresses and queries inside any text or attribute value ---------------------------------
#: The sentence marks and brackets of Chinese, Japanese and Korean text (、。，．：；！？「」『』（）【】 and their kin):
#: one that ends an address is no part of it, as an ASCII one is ("…/faq。", "（https://…）"; session 36). Inside it
#: they are its path's ("報告書（…）.pdf", "reset？token=…") and go with it: a first cut ended every address at them,
#: and a review found the rest of the path kept.
_CJK_MARKS = "\u3001-\u3003\u3008-\u3011\u3014-\u301b\uff01\uff08\uff09\uff0c\uff0e\uff1a\uff1b\uff1f\uff3b\uff3d\uff5b\uff5d\uff61-\uff64"
_URL_END = rf"[^\s\"'<>]*[^\s\"'<>).,;:!?\]{_CJK_MARKS}]"
#: Matched where ``_schemed_sub`` starts a scheme (so with no word edge of its own).
_SCHEMED = re.compile(r"([a-zA-Z][a-zA-Z0-9+.\-]*)://" + _URL_END)
_SCHEME_CHARS_REVERSED = re.compile(r"[a-zA-Z0-9+.\-]*")
_SCHEME_START = re.compile(r"[a-zA-Z]")
#: What a written host is made of, as a negated class: ASCII letters and digits, "-", and every
#: character beyond ASCII (an IDN label as written: "bücher", "例え", "उदाहरण" with its marks) but white
#: space, the dots UTS #46 reads as "." (they end a host here: "。" ends a sentence in CJK text) and the
#: full-width @ the sanitiser writes for an @ (a second pass must not read "ada＠bücher.example/" as a host).
_NOT_HOST_CHAR = r"\x00-\x2c\x2e\x2f\x3a-\x40\x5b-\x60\x7b-\x7f\s\u3002\uff0e\uff61\uff20"
_LABEL = rf"[^{_NOT_HOST_CHAR}\-](?:[^{_NOT_HOST_CHAR}]*[^{_NOT_HOST_CHAR}\-])?"
_TLD = rf"(?:[^{_NOT_HOST_CHAR}\-0-9]{{2,63}}|[xX][nN]--[a-zA-Z0-9\-]{{1,59}})"
#: A written host (group 1: a name, an IPv4 address or a bracketed IPv6 address) and its port (group 2).
_WRITTEN_HOST = (
    rf"((?:{_LABEL}\.)+{_TLD}|(?:\d{{1,3}}\.){{3}}\d{{1,3}}|\[[0-9a-fA-F.]*:[0-9a-fA-F:.]*\])(:\d+)?"
)
#: A web address without a scheme (group 3: its path). It starts only where no host character, "_", "@",
#: "%", "/", a dot or a full-width at (which the sanitiser writes) stands before it: not inside a host, an
#: address or a path, and once per run (tried at each start of a long run, each read the rest of the run
#: again: n^2). An ideographic full stop ends a sentence and a host, so one may start right after it.
_BARE = re.compile(
    rf"(?<![^{_NOT_HOST_CHAR}]|[_@.%/\uff20]){_WRITTEN_HOST}(/{_URL_END}|/)"
)
#: A protocol-relative address ("//files.example.net/share/x.pdf"): its host is a link's host all the same.
#: Not after a scheme's ":" (read above) nor inside a path ("/a//b"); after a word of Chinese, Japanese or Korean, as
#: those scripts write it glued ("请访问//x.io/…"; session 36).
_PROTOCOL_RELATIVE = re.compile(rf"(?<!{WORD_NOT_CJK})(?<![:/.\-])//{_WRITTEN_HOST}(/{_URL_END}|/)")
#: A query: "?", a key, "=". A key holds anything but "=", "&", "#", "?" and white space (OData's
#: "$skiptoken", a namespaced "a:b", a "+"-encoded space), and no parenthesis: "(what?)=" is a sentence.
_QUERY = re.compile(r"\?[^\s\"'<>=&#?()]*=[^\s\"'<>]*")
#: A percent-encoded query. It starts at the first %3F of a run (the run before it kept as group 1):
#: tried at each %3F of a long run, each start read the rest of the run again (n^2). So the key's
#: characters are the run's, and no match starts after one: a start after a key character ("$" in
#: "%3F$%3F$…") would read the rest of the run again.
_PCT_QUERY = re.compile(
    r"(?<![\w.\-~%$:+!*,;])((?:(?!%3F)[\w.\-~%$:+!*,;])*+)%3F[\w.\-~%$:+!*,;]*?%3D[^\s\"'<>]*", re.I
)
_FRAGMENT = re.compile(r"#([^\s\"'<>#]*)")


_CJK_MARK = re.compile(f"[{_CJK_MARKS}]")
_PATH_START = re.compile(r"[/?#\\]")


def _words_after_host(address: str) -> int | None:
    """Where the words after an address with no path start, at one of those scripts' marks inside its host: in text
    they write none after an address, so "https://shop.corp.io。山田太郎様へ" is the address, a full stop and words. Read
    whole, the host ran on across the "。" (UTS #46 reads it as a dot) and the words became a punycode label of the
    host, a reversible spelling of them (a second review, session 36). An address with a path keeps its host whole."""
    start = address.find("://") + 3
    if _PATH_START.search(address, start) or "@" in address or "\uff20" in address:
        return None  # a path, or a userinfo (the mark is a user's or a password's: "https://ada：pw@corp.io")
    mark = _CJK_MARK.search(address, start)
    return mark.start() if mark else None


def _schemed_sub(repl: Callable[[re.Match[str]], str], text: str) -> str:
    """What ``_SCHEMED`` matches from each letter no letter stands before, found from each "://": the
    pattern, tried at each such start of a long run of scheme characters, read the rest of the run from
    each (n^2 on "a.a.a.…" after a "://"). A scheme is the run of scheme characters just before "://",
    from its first letter."""
    out: list[str] = []
    n = len(text)
    reversed_text = text[::-1]
    copied = floor = 0  # floor: where the previous match ended (a scheme starts at or after it)
    sep = text.find("://")
    while sep >= 0:
        run = max(floor, n - _SCHEME_CHARS_REVERSED.match(reversed_text, n - sep).end())  # type: ignore[union-attr]
        # from the run's first letter, whatever stands glued before the run: a word of Chinese, Japanese or
        # Korean, "_" ("请访问https://", "see_https://"), or digits in it ("42https://"). It had to start a
        # word (``\b``), and such an address had no start and was left whole, path and all (session 36).
        start = _SCHEME_START.search(text, run, sep)
        m = _SCHEMED.match(text, start.start()) if start is not None else None
        if m is None:  # a later start of the same run has the same tail: no match ends at this "://"
            sep = text.find("://", sep + 1)
            continue
        out += (text[copied : m.start()], repl(m))
        copied = floor = m.end()
        sep = text.find("://", floor)
    if not out:
        return text
    out.append(text[copied:])
    return "".join(out)


#: A special scheme's address written with one slash or with backslashes ("https:/h/p", "https:\\h\p",
#: JSON's "https:\/\/h\/p"): a link so written is read as "https://h/…" (``cut_link``), and a written
#: address is cut the same way. "://" is ``_schemed_sub``'s; the scheme is the run of scheme characters before the
#: ":" from its first letter ("xhttps:/" has none; "42https:/" has "https", as "42https://" does), so a match starts
#: only at one of these names.
_SLASHED = re.compile(r"(?<![a-zA-Z+.\-])(?:https?|ftp|wss?|file):(?!//)[/\\]" + _URL_END, re.I)


def holds_web_address(text: str) -> bool:
    """Whether ``text`` writes a web address ``cut_addresses`` reads (one it keeps whole too: the page's own)."""
    if "/" not in text and ":\\" not in text:
        return False
    return ("://" in text or _SLASHED.search(text) is not None or _BARE.search(text) is not None
            or ("//" in text and _PROTOCOL_RELATIVE.search(text) is not None))


def cut_addresses(text: str, page_host: str) -> str:
    """Cut every web address written in ``text`` (with or without a scheme) to what a link keeps."""
    if "/" not in text and ":\\" not in text:
        return text

    def cut(address: str) -> str:
        kept = cut_link(address, page_host, lambda a: a)
        return "" if kept is None else kept

    def schemed(m: re.Match[str]) -> str:
        address = m.group(0)
        at = _words_after_host(address)
        return cut(address) if at is None else cut(address[:at]) + address[at:]

    out = _schemed_sub(schemed, text) if "://" in text else text
    if ":\\" in out or out.count(":/") > out.count("://"):  # a ":/" or ":\\" that no "://" explains
        out = _SLASHED.sub(lambda m: cut(m.group(0)), out)

    def bare(m: re.Match[str]) -> str:
        host, port, path = m.group(1, 2, 3)
        labels = host.split(".")
        if not labels[-1].isascii() and (len(labels) < 2 or labels[-2].isascii()):
            # a non-ASCII top-level label is a host's after a non-ASCII label (пример.рф), not after
            # "3" or a word ("3.März/4.April" is a date range)
            return m.group(0)
        if port is None and host.isascii() and host.lower() == page_host:
            return host + own_path(path)
        # another host keeps only itself, as a link does; so does the page's own host on a port, which
        # is another origin (``cut_link``). A host is kept as written (only a link's is read as Chrome
        # reads it: a text is not a link, and a bare "bücher.example/" says no more than its host).
        return host + "/"

    if "//" in out:
        out = _PROTOCOL_RELATIVE.sub(lambda m: "//" + bare(m), out)
    if "." not in out and "[" not in out:
        return out  # a written host holds a dot or is in brackets ("and/or", a path)
    return _BARE.sub(bare, out)


_PARAMETER = re.compile(r"[=&?]|%3[dDfF]|%26")


def _fragment(m: re.Match[str]) -> str:
    body = m.group(1)
    if not _PARAMETER.search(body):
        return m.group(0)
    return plain_fragment(body)


#: What ends a sentence's word after an address ("…?pwd=abc, December 1"): the sentence's, not the
#: query's (a Calendar chip's fields are comma-separated; the dropped query took the comma with it).
_TRAILING_PUNCTUATION = ",;.!?)]"
_OWN_PATH_QUERY = re.compile(r"(?:(?<=\s)|^)(/[^\s\"'<>?]*)\?[^\s\"'<>]*")


def _kept_tail(m: re.Match[str], head: str = "") -> str:
    """``head`` and the sentence punctuation the match ended with."""
    whole = m.group(0)
    return head + whole[len(whole.rstrip(_TRAILING_PUNCTUATION)):]


def drop_queries(text: str) -> str:
    """Drop query strings (?a=…, a bare ?session=…, %3Fa%3D…) and parameter fragments from ``text``,
    keeping the sentence punctuation after them."""
    if "?" in text:
        text = _QUERY.sub(_kept_tail, text)
        if "/" in text and "?" in text:
            text = _OWN_PATH_QUERY.sub(lambda m: _kept_tail(m, m.group(1)), text)
    if "%3" in text:
        text = _PCT_QUERY.sub(lambda m: _kept_tail(m, m.group(1)), text)
    # a fragment is cut only when it holds one of these (``_PARAMETER``): Gmail's "#thread-f:…" ids hold none
    if "#" in text and ("=" in text or "&" in text or "?" in text or "%" in text):
        text = _FRAGMENT.sub(_fragment, text)
    return text


def page_host_of(page_url: str) -> str:
    """The page's own host ('' when the address has none), read as a link's host is (``parse_host``)."""
    host = (urlsplit(normalise(page_url)).hostname or "").lower()
    return _domain(host) or host


def public_address(page_url: str) -> str:
    """The page address to print: no query, no fragment, no user:password@."""
    s = urlsplit(normalise(page_url))
    host = s.hostname or ""
    port = f":{s.port}" if s.port else ""
    return f"{s.scheme}://{host}{port}{s.path}" if s.scheme else s.path
