# -*- coding: no-such-codec -*-
# badinput: an unknown coding declaration
# expect-exit: 1
# expect-stderr: SyntaxError: encoding problem: no-such-codec
print(1)
