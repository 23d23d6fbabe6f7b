# error: 2:5: bytes literals are not supported in Kiln
b = b'abc'
