"""Pure-Python core of BCP 47 Explorer; it never imports Qt."""
