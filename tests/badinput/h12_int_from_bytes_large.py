# badinput: int.from_bytes of a large buffer: Kiln built the int by shifting in one byte at a time, copying the growing int each step (quadratic: 2 MiB took minutes, 10 MB never ended under the runner's limit); now built in one pass, and a buffer past Kiln's one-int limit (2**24 bits) is its MemoryError at once (h12 language sweep; values as python3.12 prints them)
# expect-exit: 1
# expect-stdout: [258, 513, -2, 0, -8388608, 66051, 974802, -604462909807314587353088] 2 16777209
# expect-stderr: MemoryError: int.from_bytes() would be an int of about 80000000 bits, over Kiln's limit of 16777216 bits for one int
vals = [int.from_bytes(b"\x01\x02", "big"), int.from_bytes(b"\x01\x02", "little"), int.from_bytes(b"\xff\xfe", "big", signed=True),
        int.from_bytes(b"", "big"), int.from_bytes(b"\x00\x00\x80", "little", signed=True), int.from_bytes([1, 2, 3], "big"),
        int.from_bytes(bytes(range(256)) * 3, "little") % 1000003, int.from_bytes(b"\x80" + b"\x00" * 9, "big", signed=True)]
x = int.from_bytes(b"\x01" * (2**21), "big")
print(vals, x % 3, x.bit_length())
int.from_bytes(b"\x01" * 10**7, "big")
