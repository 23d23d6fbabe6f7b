# badinput: a file name of 5000 characters
# expect-exit: 1
# expect-stderr: OSError: [Errno 36] File name too long
open("a" * 5000 + ".txt", "w")
