# badinput: an exception with a 10 MB message
# expect-exit: 1
# expect-stderr: END
raise ValueError("m" * 10_000_000 + "END")
