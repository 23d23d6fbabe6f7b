# badinput: string template missing
# expect-exit: 1
# expect-stderr: KeyError: 'x'
import string
string.Template("$x").substitute()
