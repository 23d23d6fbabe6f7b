# badinput: parser eval long chain
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded during compilation
eval("1" + "+1" * 5000)
