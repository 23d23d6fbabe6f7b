# badinput: dict() of a sequence of 1-element sequences
# expect-exit: 1
# expect-stderr: ValueError: dictionary update sequence element #0 has length 1; 2 is required
dict([[1]])
