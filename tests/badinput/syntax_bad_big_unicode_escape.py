# badinput: a \U escape beyond U+10FFFF
# expect-exit: 1
# expect-stderr: illegal Unicode character
s = "\U00110000"
