# badinput: an uncaught exception whose __notes__ holds a non-str: the traceback prints the note's repr and does not fail
# expect-exit: 1
# expect-stderr: 5
e = ValueError("boom")
e.__notes__ = ["ok", 5]
raise e
