import hmac
import hashlib
h = hmac.new(b"key", b"The quick brown fox jumps over the lazy dog", hashlib.sha256)
print(h.hexdigest(), h.name, h.digest_size, h.block_size)
print(hmac.new(b"key", b"", "md5").hexdigest(), hmac.new(b"k" * 100, b"msg", "sha1").hexdigest())
h2 = hmac.new(b"secret", digestmod="sha512")
h2.update(b"part1")
c = h2.copy()
h2.update(b"part2")
print(h2.hexdigest()[:32], c.hexdigest()[:32])
print(hmac.digest(b"key", b"data", "sha256").hex())
print(hmac.compare_digest(b"abc", b"abc"), hmac.compare_digest("abc", "abd"), hmac.compare_digest(b"a", b"ab"))
for args in [("key", b"m", "sha256"), (b"key", b"m")]:
    try:
        hmac.new(*args)
    except TypeError as e:
        print("TypeError", e)
try:
    hmac.compare_digest("a", b"a")
except TypeError as e:
    print("TypeError", e)
