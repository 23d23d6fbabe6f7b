# badinput: open with mode 'z'
# expect-exit: 1
# expect-stderr: ValueError: invalid mode: 'z'
open("x.txt", "z")
