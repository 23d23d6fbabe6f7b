# badinput: string template bad (issue 31 sweep)
# expect-exit: 1
# expect-stderr: ValueError: Invalid placeholder in string: line 1, col 1
import string
string.Template('$').substitute()
