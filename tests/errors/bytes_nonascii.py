# error: 2:5: bytes can only contain ASCII literal characters
b = b'café'
