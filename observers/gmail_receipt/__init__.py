"""gmail.receipt: reads receipts in an opened Gmail conversation (spec §1, §3.5, §4.3, §8.2)."""
