# badinput: instances of a user class, each with its own attribute dict, kept forever
# kiln-args: --max-heap-mb 128
# expect-exit: 1
# expect-stderr: Kiln: the program's Python objects reached the heap cap of 128 MiB (raise it with --max-heap-mb N, 0 for none)
class Point:
    def __init__(self, x):
        self.x = x
        self.y = [x]
pts = []
n = 0
while True:
    pts.append(Point(n))
    n += 1
