# badinput: an exception whose str() recurses: the traceback prints <exception str() failed> (segfaulted)
# expect-exit: 1
# expect-stderr: E: <exception str() failed>
class E(Exception):
    def __init__(self):
        super().__init__(self)
raise E()
