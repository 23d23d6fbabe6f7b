# six.moves.urllib: Python 3's urllib submodules under six's names
from urllib import error, parse, request

response = request
robotparser = None
