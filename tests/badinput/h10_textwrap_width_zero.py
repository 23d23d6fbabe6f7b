# badinput: textwrap width zero
# expect-exit: 1
# expect-stderr: ValueError: invalid width 0 (must be > 0)
import textwrap
textwrap.wrap("abc", 0)
