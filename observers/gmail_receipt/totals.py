"""The total line of a receipt's body, and the texts that say a mail is no receipt (spec §8.2).

A total line is:

* a table row whose first cell with text is a total label and whose other cells hold exactly
  one amount: one of them reads as an amount and no other holds one (``["Order Total:",
  "$45.67"]``, ``["Total", "1 item", "$12.34"]``);
* a row with one cell with text reading ``<label>[:] <amount>``, or a leaf block (a paragraph,
  div, list item or span with no such block, and no table row, inside it) reading the same (mail
  wraps itself in a layout table, so a paragraph inside one is still a line; a div that holds
  tables is layout, whatever its text happens to read);
* a row that holds other rows is page layout and never a line, unless exactly two of its own
  cells hold text: Stripe wraps each label in a table of its own beside its amount
  (``["", "Total", "", "$12.34", ""]``).

Text is read with block_text_of, only what the page draws: block elements and <br> are apart, so
minified markup (``<div>Total</div><div>$12.34</div>``, ``Amount paid<br>$12.34``) still reads as label
and amount, and a hidden copy inside a shown cell is not part of it.

For the generic parser every total line must give the same amount, whatever its label; a platform's
labels are tried in the order selectors.json lists them, the first found deciding and every line under
it giving the same amount. Otherwise the amount is ambiguous and not read.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from selectolax.lexbor import LexborNode

from observers.gmail_receipt.amounts import AMBIGUOUS, Money, holds_amount, minor_digits, names_currency, parse_amount
from observers.gmail_receipt.selectors import SELECTORS
from observers.shared.dom import ShownRule, ancestors, declared, element_children, shown_text_of
from observers.shared.layout import block_text_of

S = SELECTORS.selectors
_CELL_TAGS = frozenset(t.strip() for t in S.cell.split(","))
_ROW_TAG = S.row  # a plain tag selector: rows are found by tag when walking up
_INLINE_BLOCKS = frozenset({"span"})  # line blocks that never make their container layout

Amount = Money | type(AMBIGUOUS) | None


#: A label's note that the amount includes tax ("Total (incl. VAT)", "Total incl. GST"). Only that note: one
#: that it excludes tax is a subtotal's, and a currency code could name another currency than the amount's.
_LABEL_NOTE = re.compile(SELECTORS.patterns.total_label_note, re.I)


#: What an amount may carry beside it and still be one amount: the tax it includes ("$41.04 (includes $3.04
#: VAT)", WooCommerce's form for a shop whose prices include tax), in the amount's own currency.
_AMOUNT_NOTE = re.compile(SELECTORS.patterns.amount_note, re.I)


def _without_note(text: str) -> str:
    """``text`` without its tax-included notes, when each names no amount or one in the currency of the amount
    before it ("(includes CA$3.04 GST)" beside "$41.04" may say the "$" is Canadian: left, two amounts)."""
    if "(" not in text:
        return text
    notes = list(_AMOUNT_NOTE.finditer(text))
    if not notes:
        return text
    rest = _AMOUNT_NOTE.sub("", text)
    main = parse_amount(rest.lstrip(":").strip())
    if not isinstance(main, Money):
        return text
    for note in notes:
        tax = note.group(1).strip()
        if tax and holds_amount(tax):
            money = parse_amount(tax)
            if not isinstance(money, Money) or money.currency != main.currency:
                return text
    return rest


def _label_index(text: str, labels: Sequence[str]) -> int | None:
    folded = text.rstrip(":").strip().casefold()
    for index, label in enumerate(labels):
        if folded == label.casefold():
            return 2 * index
    # a label with a tax note ranks right after the same label plain, before the next (``find_total``)
    for index, label in enumerate(labels):
        if _is_noted(folded, label.casefold()):
            return 2 * index + 1
    return None


def _is_noted(folded: str, label: str) -> bool:
    """``folded`` is ``label`` and its tax note, and nothing else."""
    if not folded.startswith(label):
        return False
    note = _LABEL_NOTE.match(folded, len(label))
    return note is not None and note.end() == len(folded)


def _one_cell_line(text: str, labels: Sequence[str]) -> tuple[int, Amount] | None:
    """``<label>[ note][:] <amount>`` in one text; the longest label that starts it wins."""
    folded = text.casefold()
    best: tuple[int, int] | None = None
    for index, label in enumerate(labels):
        if folded.startswith(label.casefold()) and (best is None or len(label) > best[1]):
            best = (index, len(label))
    if best is None:
        return None
    rest = text[best[1]:]
    if rest[:1].isalpha():
        return None  # "Totally" is not "Total"; "Total$63.18" is (two inline elements, no space between)
    note = _LABEL_NOTE.match(rest)
    rest = rest[note.end():] if note else rest
    # the colon after any space ("Total : 41,04 €", French typography), as the table row's label reads it
    amount = parse_amount(_without_note(rest.strip().lstrip(":").strip()).strip())
    return (2 * best[0] + (1 if note else 0), amount) if amount is not None else None


def _own_cells(row: LexborNode) -> list[LexborNode]:
    return [c for c in element_children(row) if c.tag in _CELL_TAGS]


#: Format characters that neither draw nor move what is around them: zero-width space, non-joiner and joiner, word
#: joiner, soft hyphen, byte-order mark, left-to-right mark. The bidi controls (right-to-left marks, embeddings,
#: overrides, isolates) are kept: they reorder what is drawn ("\u202e54.32$" draws "$23.45"), so a line holding one
#: reads as written, which no amount is (a review of 1.2.85).
_INVISIBLE = frozenset("\u200b\u200c\u200d\u2060\u00ad\ufeff\u200e")


def _drawn(text: str) -> str:
    """``text`` as drawn: without the ``_INVISIBLE`` characters, which one_line keeps and which split a label
    ("To\u00adtal") or stand beside an amount ("\u200b$23.45") without drawing anything."""
    return text if text.isascii() else "".join(ch for ch in text if ch not in _INVISIBLE)


def _draws_text(text: str) -> bool:
    """Whether a cell's text (``_drawn``) draws anything: a spacer cell holding only a zero-width space or another
    format character holds no text, as one holding a no-break space."""
    return any(not ch.isspace() and unicodedata.category(ch) != "Cf" for ch in text)


def _row_line(row: LexborNode, labels: Sequence[str], holds_rows: bool, shown: ShownRule) -> tuple[int, Amount] | None:
    written = [(c, t) for c in _own_cells(row) if _draws_text(t := _drawn(block_text_of(c, shown)))]
    cells = [c for c, _ in written]
    texts = [t if i == 0 else _without_note(t) for i, (_, t) in enumerate(written)]  # a note beside an amount only
    if holds_rows and len(texts) != 2:
        return None  # layout: the lines are the rows inside it
    if len(texts) == 1:
        line = _one_cell_line(texts[0], labels)
        return (line[0], AMBIGUOUS) if line is not None and _raised_digits(cells[0], shown) else line
    if len(texts) < 2:
        return None
    index = _label_index(texts[0], labels)
    if index is None:
        return None
    # The label's other cells hold exactly one amount: one reads as an amount ("1 item" or a
    # stray ":" beside it are no amount) and no other cell carries money ("was $15.00").
    parsed = [(t, parse_amount(t)) for t in texts[1:]]
    currencies = [names_currency(t) for t in texts[1:]]
    if sum(currencies) == 1 and all(a is None for _, a in parsed):
        parsed, currencies = _code_with_number(parsed, currencies)
    amounts = [a for _, a in parsed if a is not None]
    if len(amounts) != 1 or sum(1 for t, _ in parsed if holds_amount(t)) != 1:
        return None
    at = 1 + next(i for i, (_, a) in enumerate(parsed) if a is not None)  # the amount's cell
    # the cell before the amount's cells: its currency's cell, right before it, is one of them
    # (["Total", "−", "USD", "63.18"] is a refund, as ["Total", "−", "$63.18"] is)
    currency_before = at > 1 and (currencies[at - 2] or parsed[at - 2][0] == "")  # "": the code read with it
    sign_at = at - 2 if currency_before else at - 1
    if _raised_digits(cells[at], shown) or (sign_at >= 1 and _MINUS_ONLY.fullmatch(texts[sign_at])):
        return (index, AMBIGUOUS)
    if at + 1 < len(texts) and _cents_alone(texts[at + 1].strip(), amounts[0]) and not _HAS_CENTS.search(texts[at]):
        # ["Total", "$23", "45"] draws $23.45: neither $23.00 nor $2,345 ("$63.18" and a footnote's "2" read)
        return (index, AMBIGUOUS)
    # A cell holding a currency alone belongs to the amount (["Total", "CAD", "$63.18"]): read them
    # together, in their order, so a code that disagrees with the symbol is ambiguous, never USD.
    if any(currencies):
        joined = " ".join(t for (t, a), alone in zip(parsed, currencies) if alone or a is not None)
        return (index, parse_amount(joined) or AMBIGUOUS)
    return (index, amounts[0])


#: A number written alone in a cell, with no currency: "165.50", "1.249,90", "3,480".
_BARE_NUMBER = re.compile(r"\d[\d.,' \u00a0\u202f]*")


def _code_with_number(parsed: list[tuple[str, Amount]],
                      currencies: list[bool]) -> tuple[list[tuple[str, Amount]], list[bool]]:
    """An invoice's currency column beside a bare number (["Total", "AUD", "165.50"]) is one amount: the
    two cells read together in their order, as the number's cell; the currency's cell is then spent. Only
    when the row holds nothing else (a Qty column's "2" beside a total written with a note, "165.50 (incl.
    GST)", was read as the amount; "63.18 | CR" is a credit) and the number is written with its currency's
    decimals ("USD | 3" is a count as likely as a price)."""
    if len(parsed) != 2:  # the row is the label, the code and the number: a "CR" or a sign beside them is
        return parsed, currencies  # a credit as likely as not, a "2" a quantity
    code = currencies.index(True)
    number = 1 - code
    written = parsed[number][0].strip()
    if not _BARE_NUMBER.fullmatch(written):
        return parsed, currencies
    first, second = sorted((code, number))
    joined = f"{parsed[first][0].strip()} {parsed[second][0].strip()}"
    amount = parse_amount(joined)
    if amount is None or (isinstance(amount, Money) and not _with_decimals(written, minor_digits(amount.currency))):
        return parsed, currencies
    parsed = [(joined, amount) if i == number else ("", None) if i == code else cell for i, cell in enumerate(parsed)]
    return parsed, [False] * len(currencies)


def _with_decimals(number: str, digits: int) -> bool:
    """Whether ``number`` is written with as many decimals as its currency has minor units (any, for none)."""
    return digits == 0 or re.search(rf"[.,]\d{{{digits}}}$", number) is not None


def _containers(nodes: list[LexborNode], body: LexborNode, tag: str | None = None) -> set[int]:
    """mem_ids of the elements (of ``tag``, or any) that hold one of ``nodes``: one walk up each."""
    found: set[int] = set()
    for node in nodes:
        for up in ancestors(node, stop=body):
            if tag is None or up.tag == tag:
                if up.mem_id in found:
                    break
                found.add(up.mem_id)
    return found


def _leaf_lines(body: LexborNode, shown: ShownRule, labels: Sequence[str],
                row_holders: set[int], holds_rows: bool) -> list[tuple[int, Amount]]:
    lines = []
    blocks = body.css(S.line_block)
    # A span inside a paragraph is part of its line (<p><span>Total:</span> <span>$23.45</span></p>):
    # only a block that holds another non-inline block (or a row) is layout. The body itself is one
    # of its blocks when it matches the selector (a message item is a div): it is layout too when it
    # holds any, else its <br> lines would run across a table's cells ("Total $27.00", the subtotal).
    inner = [b for b in blocks if b.tag not in _INLINE_BLOCKS and b.mem_id != body.mem_id]
    holders = _containers(inner, body) | row_holders
    if inner or holds_rows:
        holders.add(body.mem_id)
    block_ids = {b.mem_id for b in blocks}
    for block in shown.filter(blocks):
        if block.mem_id in holders:
            continue  # not a leaf: its inner blocks or rows are the lines
        if _wraps_one_block(block, block_ids):
            continue  # draws its one block's line: read there (thousands of nested wrappers were n^2)
        # read whole: a block's <br> lines are no total lines of their own (an item cell's "Qty: 2<br>Total:
        # $36.00", a struck "was" price after its label); "Amount paid<br>$12.34" is one line
        line = _one_cell_line(_drawn(block_text_of(block, shown)), labels)
        if line is not None:
            lines.append((line[0], AMBIGUOUS) if _raised_digits(block, shown) else line)
    return lines


def _wraps_one_block(block: LexborNode, block_ids: set[int]) -> bool:
    """Whether ``block``'s only child, beside white space, is another line block: it then draws that
    block's line and nothing else, so the line is read once, from the inner block."""
    only = None
    child = block.child
    while child is not None:
        if child.is_text_node:
            if (child.text_content or "").strip():
                return False
        elif child.is_element_node:
            if only is not None:
                return False
            only = child
        child = child.next
    return only is not None and only.mem_id in block_ids


def find_total(body: LexborNode, labels: Sequence[str], shown: ShownRule, first_label_decides: bool = False) -> Amount:
    """The one amount on the body's total lines; AMBIGUOUS when they disagree; None when none.

    The generic parser needs "an unambiguous amount on a total line" (spec §8.2): every total line must
    agree, whichever label it has ("Total $50.00" beside "Amount charged $40.00" is ambiguous). A platform
    lists its labels in the order its own layout gives them weight (Stripe's "Amount paid" before a summary's
    "Total", Facebook's "Price" only for a listing with no total): ``first_label_decides``, and all the lines
    of that label must agree."""
    rows = body.css(S.row)
    outer = _containers(rows, body, _ROW_TAG)
    lines = [line for row in shown.filter(rows) if (line := _row_line(row, labels, row.mem_id in outer, shown))]
    lines += _leaf_lines(body, shown, labels, _containers(rows, body), bool(rows))
    if not lines:
        return None
    # a line's rank: twice its label's place in the list, plus one with a tax note ("Total (incl. tax)" right
    # after "Total"): for a platform the first rank found decides; for the generic parser every line must agree
    if first_label_decides:
        first = min(index for index, _ in lines)
        lines = [(index, amount) for index, amount in lines if index == first]
    amounts = {amount for _, amount in lines}
    if AMBIGUOUS in amounts or len(amounts) != 1:
        return AMBIGUOUS
    return amounts.pop()


def says_no_receipt(body: LexborNode, refuse_texts: Sequence[str], shown: ShownRule) -> bool:
    """True when the body shows one of the kind's refuse texts (Uber's charge summary); text the
    page does not draw (a trimmed quote) says nothing. Compared with all white space and invisible
    format characters (a soft hyphen, a zero-width space) taken out and apostrophes folded: the phrase
    broken by a <br>, two blocks, two cells or a hyphenation point is read with no break in it."""
    if not refuse_texts:
        return False
    text = _compared(shown_text_of(body, shown))
    return any(_compared(phrase) in text for phrase in refuse_texts)


def _compared(text: str) -> str:
    return "".join(ch for ch in text.casefold().replace("\u2019", "'")
                   if not ch.isspace() and unicodedata.category(ch) != "Cf")


#: A cell holding a minus alone right before the amount's cell: the amount is negative (a refund). A dash
#: elsewhere (an empty Qty column: "–", "—") says nothing about it.
_MINUS_ONLY = re.compile(SELECTORS.patterns.minus_only)


#: A cell of cents alone, after the cell of an amount written without them.
_CENTS_ALONE = re.compile(r"[.,]?\d{1,2}")


def _cents_alone(text: str, amount: Amount) -> bool:
    """``text`` is cents: written after a decimal mark (".5"), or as many digits as the amount's currency has
    minor units (a yen total's "2" beside it is a quantity or a footnote, as a dollar total's "2" is; "45"
    beside "$23" is its cents)."""
    if not _CENTS_ALONE.fullmatch(text):
        return False
    if not isinstance(amount, Money) or text[0] in ".,":
        return True
    digits = minor_digits(amount.currency)
    return digits > 0 and len(text.lstrip(".,")) == digits
_HAS_CENTS = re.compile(r"\d[.,]\d{1,2}(?!\d)")


def _draws_nothing(node: LexborNode) -> bool:
    """A comment, or a <wbr> (a place a line may break, not a break): React writes "$<!-- -->48", Gmail
    breaks long words with <wbr>. An empty element is not one: a capture keeps no padding, margin or
    border, and a spacer span between "$23" and "45" draws them apart (a review of 1.2.50)."""
    return node.is_comment_node or node.tag == "wbr"


def _run_on(before: LexborNode | None, text_node: LexborNode) -> bool:
    """Whether two texts run on as one: siblings with nothing that draws between them."""
    if before is None:
        return False
    between = text_node.prev
    while between is not None and between.mem_id != before.mem_id:
        if not _draws_nothing(between):
            return False
        between = between.prev
    return between is not None


def _raised_digits(node: LexborNode, shown: ShownRule) -> bool:
    """Digits written raised or lowered ("$48<sup>00</sup>": cents), which text reads run together, or
    drawn apart by any other means: digits that run on across an element's edge ("$48<small>00</small>",
    a relative position, a smaller font). How they are drawn is the page's styling, which a capture need
    not keep, so any such edge makes the amount ambiguous; an edge beside a sign or a decimal mark
    ("<b>$48</b>.00") is none."""
    before, before_node = "", None
    for text_node in node.traverse(include_text=True):
        if text_node.tag != "-text":
            continue
        text = text_node.text_content or ""
        if not text or (text_node.parent is not None and not shown.shown(text_node.parent)):
            continue  # a hidden copy beside the amount draws nothing
        if before[-1:].isdigit() and text[0].isdigit() and not _run_on(before_node, text_node):
            return True
        before, before_node = text, text_node
    for el in node.css(S.raised):
        if any(ch.isdigit() for ch in el.text(deep=True)):
            return True
    for el in node.css("[style]"):  # a style that sets the text raised or lowered (CSS, as the shown rule reads it)
        if declared(el.attrs.get("style") or "", "vertical-align") in ("super", "sub"):
            if any(ch.isdigit() for ch in el.text(deep=True)):
                return True
    return False
