# badinput: a BOM in the middle of the file is an invalid character
# expect-exit: 1
# expect-stderr: SyntaxError: invalid non-printable character U+FEFF
x = 1
﻿y = 2
