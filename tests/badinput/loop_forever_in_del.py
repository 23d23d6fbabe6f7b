# badinput: an endless loop inside __del__
# kiln-args: --max-instructions 500000
# expect-exit: 1
# expect-stderr: KilnLimitError
class D:
    def __del__(self):
        while True:
            pass
d = D()
del d
