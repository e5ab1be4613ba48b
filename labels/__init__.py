"""Labels: the pydantic schema of labels.json, the label checks and the reference readers."""
