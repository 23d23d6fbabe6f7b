# badinput: a UTF-8 sequence cut off at the end of the file
# expect-exit: 1
# expect-stderr: Non-UTF-8 code starting with '\xe2' in file
x = 1
# â‚