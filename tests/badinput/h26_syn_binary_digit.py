# badinput: 0b102: the tokenizer names the digit past the base
# expect-exit: 1
# expect-stderr: SyntaxError: invalid digit '2' in binary literal
x = 0b102
