# badinput: str join ints
# expect-exit: 1
# expect-stderr: TypeError: sequence item 0: expected str instance, int found
",".join([1, 2])
