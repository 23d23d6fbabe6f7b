# badinput: an unparenthesized generator expression next to another argument
# expect-exit: 1
# expect-stderr: SyntaxError: Generator expression must be parenthesized
sum(x for x in range(3), 1)
