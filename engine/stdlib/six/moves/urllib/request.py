# six.moves.urllib.request: urllib.request's names
from urllib.request import *  # noqa: F401,F403
