# badinput: eval of 5000 nested brackets
# expect-exit: 1
# expect-stderr: SyntaxError: too many nested parentheses
import torch
print(eval("[" * 5000 + "]" * 5000))
