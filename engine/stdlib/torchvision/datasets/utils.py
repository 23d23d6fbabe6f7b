# torchvision.datasets.utils: the download / checksum / archive helpers that dataset code imports
# (`from torchvision.datasets.utils import download_url, check_integrity, download_and_extract_archive`
# in pytorch-generative's BinarizedMNIST, most hand-written VisionDataset subclasses and many data
# preparation scripts). The functions keep torchvision 0.26's signatures and behaviour: a file already
# present (and matching its md5, when one is given) is not fetched again; anything else goes through
# urllib.request, which in Kiln reads file:// URLs and, having no network, fails for http(s) exactly as
# CPython does without one (URLError, name resolution); archives are unpacked with tarfile / zipfile /
# gzip by their suffixes, as torchvision detects them.
import gzip
import hashlib
import os
import os.path
import pathlib
import re
import tarfile
import urllib.error
import urllib.request
import zipfile
from urllib.parse import urlparse

USER_AGENT = "pytorch/vision"

__all__ = ["calculate_md5", "check_md5", "check_integrity", "download_url", "list_dir", "list_files",
           "download_file_from_google_drive", "extract_archive", "download_and_extract_archive",
           "iterable_to_str", "verify_str_arg"]


def _urlretrieve(url, filename, chunk_size=1024 * 32):
    request = urllib.request.Request(url, headers={"User-Agent": USER_AGENT})
    with urllib.request.urlopen(request) as response, open(filename, "wb") as fh:
        while True:
            chunk = response.read(chunk_size)
            if not chunk:
                break
            fh.write(chunk)


def calculate_md5(fpath, chunk_size=1024 * 1024):
    digest = hashlib.md5(usedforsecurity=False)
    with open(fpath, "rb") as f:
        while True:
            chunk = f.read(chunk_size)
            if not chunk:
                break
            digest.update(chunk)
    return digest.hexdigest()


def check_md5(fpath, md5, **kwargs):
    return md5 == calculate_md5(fpath, **kwargs)


def check_integrity(fpath, md5=None):
    if not os.path.isfile(fpath):
        return False
    if md5 is None:
        return True
    return check_md5(fpath, md5)


def _get_google_drive_file_id(url):
    parts = urlparse(url)
    if re.match(r"(drive|docs)[.]google[.]com", parts.netloc) is None:
        return None
    match = re.match(r"/file/d/(?P<id>[^/]*)", parts.path)
    return None if match is None else match.group("id")


def download_url(url, root, filename=None, md5=None, max_redirect_hops=3):
    root = os.path.expanduser(root)
    if not filename:
        filename = os.path.basename(url)
    fpath = os.fspath(os.path.join(root, filename))
    os.makedirs(root, exist_ok=True)
    # a file already there (with the right checksum) is used as it is
    if check_integrity(fpath, md5):
        return
    file_id = _get_google_drive_file_id(url)
    if file_id is not None:
        return download_file_from_google_drive(file_id, root, filename, md5)
    try:
        _urlretrieve(url, fpath)
    except (urllib.error.URLError, OSError) as e:
        # torchvision retries an https URL over http once before giving up
        if url[:5] == "https":
            url = url.replace("https:", "http:")
            _urlretrieve(url, fpath)
        else:
            raise e
    if not check_integrity(fpath, md5):
        raise RuntimeError("File not found or corrupted.")


def list_dir(root, prefix=False):
    root = os.path.expanduser(root)
    directories = [p for p in os.listdir(root) if os.path.isdir(os.path.join(root, p))]
    if prefix is True:
        directories = [os.path.join(root, d) for d in directories]
    return directories


def list_files(root, suffix, prefix=False):
    root = os.path.expanduser(root)
    files = [p for p in os.listdir(root) if os.path.isfile(os.path.join(root, p)) and p.endswith(suffix)]
    if prefix is True:
        files = [os.path.join(root, d) for d in files]
    return files


def download_file_from_google_drive(file_id, root, filename=None, md5=None):
    root = os.path.expanduser(root)
    if not filename:
        filename = file_id
    fpath = os.fspath(os.path.join(root, filename))
    os.makedirs(root, exist_ok=True)
    if check_integrity(fpath, md5):
        return
    # torchvision hands Google Drive downloads to the third-party gdown package
    try:
        import gdown  # noqa: F401
    except ModuleNotFoundError:
        raise RuntimeError(
            "To download files from GDrive, 'gdown' is required. You can install it with 'pip install gdown'."
        )


def _extract_tar(from_path, to_path, compression):
    with tarfile.open(from_path, f"r:{compression[1:]}" if compression else "r") as tar:
        tar.extractall(to_path)


def _extract_zip(from_path, to_path, compression):
    with zipfile.ZipFile(from_path, "r") as archive:
        archive.extractall(to_path)


_ARCHIVE_EXTRACTORS = {".tar": _extract_tar, ".zip": _extract_zip}
_COMPRESSED_FILE_OPENERS = {".gz": gzip.open}
# torchvision also opens .bz2 and .xz (bz2 / lzma), which Kiln's standard library does not have; the
# suffixes are still recognised so the errors name the missing module, not an unknown suffix
_UNSUPPORTED_COMPRESSIONS = {".bz2": "bz2", ".xz": "lzma"}
_FILE_TYPE_ALIASES = {".tbz": (".tar", ".bz2"), ".tbz2": (".tar", ".bz2"), ".tgz": (".tar", ".gz")}


def _detect_file_type(file):
    suffixes = pathlib.Path(file).suffixes
    if not suffixes:
        raise RuntimeError(
            f"File '{file}' has no suffixes that could be used to detect the archive type and compression."
        )
    suffix = suffixes[-1]
    if suffix in _FILE_TYPE_ALIASES:
        return (suffix, *_FILE_TYPE_ALIASES[suffix])
    if suffix in _ARCHIVE_EXTRACTORS:
        return suffix, suffix, None
    if suffix in _COMPRESSED_FILE_OPENERS or suffix in _UNSUPPORTED_COMPRESSIONS:
        if len(suffixes) > 1:
            suffix2 = suffixes[-2]
            if suffix2 in _ARCHIVE_EXTRACTORS:
                return suffix2 + suffix, suffix2, suffix
        return suffix, None, suffix
    valid_suffixes = sorted(set(_FILE_TYPE_ALIASES) | set(_ARCHIVE_EXTRACTORS) | set(_COMPRESSED_FILE_OPENERS)
                            | set(_UNSUPPORTED_COMPRESSIONS))
    raise RuntimeError(f"Unknown compression or archive type: '{suffix}'.\nKnown suffixes are: '{valid_suffixes}'.")


def _open_compressed(compression):
    if compression in _UNSUPPORTED_COMPRESSIONS:
        raise ModuleNotFoundError(f"No module named '{_UNSUPPORTED_COMPRESSIONS[compression]}'")
    return _COMPRESSED_FILE_OPENERS[compression]


def _decompress(from_path, to_path=None, remove_finished=False):
    suffix, archive_type, compression = _detect_file_type(from_path)
    if not compression:
        raise RuntimeError(f"Couldn't detect a compression from suffix {suffix}.")
    if to_path is None:
        to_path = pathlib.Path(os.fspath(from_path).replace(suffix, archive_type if archive_type is not None else ""))
    opener = _open_compressed(compression)
    with opener(from_path, "rb") as rfh, open(to_path, "wb") as wfh:
        wfh.write(rfh.read())
    if remove_finished:
        os.remove(from_path)
    return pathlib.Path(to_path)


def extract_archive(from_path, to_path=None, remove_finished=False):
    def path_or_str(ret_path):
        return os.fspath(ret_path) if isinstance(from_path, str) else ret_path

    if to_path is None:
        to_path = os.path.dirname(from_path)
    suffix, archive_type, compression = _detect_file_type(from_path)
    if not archive_type:
        ret_path = _decompress(from_path, os.path.join(to_path, os.path.basename(from_path).replace(suffix, "")),
                               remove_finished=remove_finished)
        return path_or_str(ret_path)
    if compression in _UNSUPPORTED_COMPRESSIONS:
        _open_compressed(compression)
    _ARCHIVE_EXTRACTORS[archive_type](from_path, to_path, compression)
    if remove_finished:
        os.remove(from_path)
    return path_or_str(pathlib.Path(to_path))


def download_and_extract_archive(url, download_root, extract_root=None, filename=None, md5=None,
                                 remove_finished=False):
    download_root = os.path.expanduser(download_root)
    if extract_root is None:
        extract_root = download_root
    if not filename:
        filename = os.path.basename(url)
    download_url(url, download_root, filename, md5)
    archive = os.path.join(download_root, filename)
    extract_archive(archive, extract_root, remove_finished)


def iterable_to_str(iterable):
    return "'" + "', '".join([str(item) for item in iterable]) + "'"


def verify_str_arg(value, arg=None, valid_values=None, custom_msg=None):
    if not isinstance(value, str):
        if arg is None:
            msg = "Expected type str, but got type {type}."
        else:
            msg = "Expected type str for argument {arg}, but got type {type}."
        raise ValueError(msg.format(type=type(value), arg=arg))
    if valid_values is None:
        return value
    if value not in valid_values:
        if custom_msg is not None:
            msg = custom_msg
        else:
            msg = "Unknown value '{value}' for argument {arg}. Valid values are {{{valid_values}}}."
            msg = msg.format(value=value, arg=arg, valid_values=iterable_to_str(valid_values))
        raise ValueError(msg)
    return value
