"""What the observers share: the shown rule, the Google account reader, routes, own addresses."""
