# badinput: float('1,5')
# expect-exit: 1
# expect-stderr: ValueError: could not convert string to float: '1,5'
float('1,5')
