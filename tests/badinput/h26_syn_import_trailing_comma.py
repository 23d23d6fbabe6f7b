# badinput: from m import a, with nothing after the comma
# expect-exit: 1
# expect-stderr: SyntaxError: trailing comma not allowed without surrounding parentheses
from os import path,
