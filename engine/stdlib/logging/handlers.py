# logging.handlers for Kiln: the file and in-memory handlers of CPython 3.12's module, with its
# rollover rules. Training code imports it at module level (timm's utils/log.py: `import
# logging.handlers` and RotatingFileHandler(log_path, maxBytes=..., backupCount=3) for a log file),
# so a missing module stops the whole package import. Here: BaseRotatingHandler (namer/rotator/
# rotation_filename/rotate), RotatingFileHandler (size-based: base.1 ... base.N shifted up, append
# mode forced when maxBytes > 0), TimedRotatingFileHandler (when S/M/H/D/MIDNIGHT/W0-W6, interval,
# backupCount, utc, atTime; suffixes and extMatch as CPython forms them), WatchedFileHandler (reopens
# when the file's device/inode changes), BufferingHandler, MemoryHandler (flushLevel, target,
# flushOnClose) and QueueHandler (prepare/enqueue into any queue with put_nowait). Not here: the
# network handlers (Socket/Datagram/SysLog/SMTP/NTEventLog/HTTP; Kiln opens no sockets) and
# QueueListener (it runs a thread).
import os
import re
import time

import logging

DEFAULT_TCP_LOGGING_PORT = 9020
DEFAULT_UDP_LOGGING_PORT = 9021
DEFAULT_HTTP_LOGGING_PORT = 9022
DEFAULT_SOAP_LOGGING_PORT = 9023
SYSLOG_UDP_PORT = 514
SYSLOG_TCP_PORT = 514

_MIDNIGHT = 24 * 60 * 60


class BaseRotatingHandler(logging.FileHandler):
    namer = None
    rotator = None

    def __init__(self, filename, mode, encoding=None, delay=False, errors=None):
        logging.FileHandler.__init__(self, filename, mode=mode, encoding=encoding, delay=delay, errors=errors)
        self.mode = mode
        self.encoding = encoding
        self.errors = errors

    def emit(self, record):
        try:
            if self.shouldRollover(record):
                self.doRollover()
            logging.FileHandler.emit(self, record)
        except Exception:
            self.handleError(record)

    def rotation_filename(self, default_name):
        if not callable(self.namer):
            return default_name
        return self.namer(default_name)

    def rotate(self, source, dest):
        if not callable(self.rotator):
            if os.path.exists(source):
                os.rename(source, dest)
        else:
            self.rotator(source, dest)


class RotatingFileHandler(BaseRotatingHandler):
    def __init__(self, filename, mode="a", maxBytes=0, backupCount=0, encoding=None, delay=False, errors=None):
        # A file that rolls over must not be truncated on opening: CPython forces append mode.
        if maxBytes > 0:
            mode = "a"
        BaseRotatingHandler.__init__(self, filename, mode, encoding=encoding, delay=delay, errors=errors)
        self.maxBytes = maxBytes
        self.backupCount = backupCount

    def doRollover(self):
        if self.stream:
            self.stream.close()
            self.stream = None
        if self.backupCount > 0:
            for i in range(self.backupCount - 1, 0, -1):
                sfn = self.rotation_filename("%s.%d" % (self.baseFilename, i))
                dfn = self.rotation_filename("%s.%d" % (self.baseFilename, i + 1))
                if os.path.exists(sfn):
                    if os.path.exists(dfn):
                        os.remove(dfn)
                    os.rename(sfn, dfn)
            dfn = self.rotation_filename(self.baseFilename + ".1")
            if os.path.exists(dfn):
                os.remove(dfn)
            self.rotate(self.baseFilename, dfn)
        if not self.delay:
            self.stream = self._open()

    def shouldRollover(self, record):
        if self.stream is None:
            self.stream = self._open()
        if self.maxBytes > 0:
            # Non-regular files (a pipe, /dev/null) never roll over.
            if os.path.exists(self.baseFilename) and not os.path.isfile(self.baseFilename):
                return False
            msg = "%s\n" % self.format(record)
            self.stream.seek(0, 2)
            if self.stream.tell() + len(msg) >= self.maxBytes:
                return True
        return False


class TimedRotatingFileHandler(BaseRotatingHandler):
    def __init__(self, filename, when="h", interval=1, backupCount=0, encoding=None, delay=False, utc=False,
                 atTime=None, errors=None):
        BaseRotatingHandler.__init__(self, filename, "a", encoding=encoding, delay=delay, errors=errors)
        self.when = when.upper()
        self.backupCount = backupCount
        self.utc = utc
        self.atTime = atTime
        if self.when == "S":
            self.interval = 1
            self.suffix = "%Y-%m-%d_%H-%M-%S"
            extMatch = r"(?<!\d)\d{4}-\d\d-\d\d_\d\d-\d\d-\d\d(?!\d)"
        elif self.when == "M":
            self.interval = 60
            self.suffix = "%Y-%m-%d_%H-%M"
            extMatch = r"(?<!\d)\d{4}-\d\d-\d\d_\d\d-\d\d(?!\d)"
        elif self.when == "H":
            self.interval = 60 * 60
            self.suffix = "%Y-%m-%d_%H"
            extMatch = r"(?<!\d)\d{4}-\d\d-\d\d_\d\d(?!\d)"
        elif self.when == "D" or self.when == "MIDNIGHT":
            self.interval = 60 * 60 * 24
            self.suffix = "%Y-%m-%d"
            extMatch = r"(?<!\d)\d{4}-\d\d-\d\d(?!\d)"
        elif self.when.startswith("W"):
            self.interval = 60 * 60 * 24 * 7
            if len(self.when) != 2:
                raise ValueError("You must specify a day for weekly rollover from 0 to 6 (0 is Monday): %s" % self.when)
            if self.when[1] < "0" or self.when[1] > "6":
                raise ValueError("Invalid day specified for weekly rollover: %s" % self.when)
            self.dayOfWeek = int(self.when[1])
            self.suffix = "%Y-%m-%d"
            extMatch = r"(?<!\d)\d{4}-\d\d-\d\d(?!\d)"
        else:
            raise ValueError("Invalid rollover interval specified: %s" % self.when)
        self.extMatch = re.compile(extMatch, re.ASCII)
        self.interval = self.interval * interval
        filename = self.baseFilename
        if os.path.exists(filename):
            t = int(os.stat(filename).st_mtime)
        else:
            t = int(time.time())
        self.rolloverAt = self.computeRollover(t)

    def computeRollover(self, currentTime):
        result = currentTime + self.interval
        if self.when == "MIDNIGHT" or self.when.startswith("W"):
            if self.utc:
                t = time.gmtime(currentTime)
            else:
                t = time.localtime(currentTime)
            currentHour = t[3]
            currentMinute = t[4]
            currentSecond = t[5]
            currentDay = t[6]
            if self.atTime is None:
                rotate_ts = _MIDNIGHT
            else:
                rotate_ts = ((self.atTime.hour * 60 + self.atTime.minute) * 60 + self.atTime.second)
            r = rotate_ts - ((currentHour * 60 + currentMinute) * 60 + currentSecond)
            if r <= 0:
                r += _MIDNIGHT
                currentDay = (currentDay + 1) % 7
            result = currentTime + r
            if self.when.startswith("W"):
                day = currentDay
                if day != self.dayOfWeek:
                    if day < self.dayOfWeek:
                        daysToWait = self.dayOfWeek - day
                    else:
                        daysToWait = 6 - day + self.dayOfWeek + 1
                    result += daysToWait * _MIDNIGHT
        return result

    def shouldRollover(self, record):
        t = int(time.time())
        if t >= self.rolloverAt:
            if os.path.exists(self.baseFilename) and not os.path.isfile(self.baseFilename):
                self.rolloverAt = self.computeRollover(t)
                return False
            return True
        return False

    def getFilesToDelete(self):
        dirName, baseName = os.path.split(self.baseFilename)
        fileNames = os.listdir(dirName)
        result = []
        if self.namer is None:
            prefix = baseName + "."
            plen = len(prefix)
            for fileName in fileNames:
                if fileName[:plen] == prefix:
                    suffix = fileName[plen:]
                    if self.extMatch.fullmatch(suffix):
                        result.append(os.path.join(dirName, fileName))
        else:
            for fileName in fileNames:
                m = self.extMatch.search(fileName)
                while m:
                    dfn = self.namer(self.baseFilename + "." + m[0])
                    if os.path.basename(dfn) == fileName:
                        result.append(os.path.join(dirName, fileName))
                        break
                    m = self.extMatch.search(fileName, m.start() + 1)
        if len(result) < self.backupCount:
            result = []
        else:
            result.sort()
            result = result[:len(result) - self.backupCount]
        return result

    def doRollover(self):
        currentTime = int(time.time())
        t = self.rolloverAt - self.interval
        if self.utc:
            timeTuple = time.gmtime(t)
        else:
            timeTuple = time.localtime(t)
        dfn = self.rotation_filename(self.baseFilename + "." + time.strftime(self.suffix, timeTuple))
        if os.path.exists(dfn):
            # Already rolled over (another handler on the same file).
            self.rolloverAt = self.computeRollover(currentTime)
            return
        if self.stream:
            self.stream.close()
            self.stream = None
        self.rotate(self.baseFilename, dfn)
        if self.backupCount > 0:
            for s in self.getFilesToDelete():
                os.remove(s)
        if not self.delay:
            self.stream = self._open()
        self.rolloverAt = self.computeRollover(currentTime)


class WatchedFileHandler(logging.FileHandler):
    def __init__(self, filename, mode="a", encoding=None, delay=False, errors=None):
        logging.FileHandler.__init__(self, filename, mode=mode, encoding=encoding, delay=delay, errors=errors)
        self.dev, self.ino = -1, -1
        self._statstream()

    def _statstream(self):
        if self.stream is None:
            return
        sres = os.stat(self.baseFilename)
        self.dev, self.ino = sres.st_dev, sres.st_ino

    def reopenIfNeeded(self):
        if self.stream is None:
            return
        try:
            sres = os.stat(self.baseFilename)
        except FileNotFoundError:
            sres = None
        if not sres or sres.st_dev != self.dev or sres.st_ino != self.ino:
            self.stream.flush()
            self.stream.close()
            self.stream = None
            self.stream = self._open()
            self._statstream()

    def emit(self, record):
        self.reopenIfNeeded()
        logging.FileHandler.emit(self, record)


class BufferingHandler(logging.Handler):
    def __init__(self, capacity):
        logging.Handler.__init__(self)
        self.capacity = capacity
        self.buffer = []

    def shouldFlush(self, record):
        return len(self.buffer) >= self.capacity

    def emit(self, record):
        self.buffer.append(record)
        if self.shouldFlush(record):
            self.flush()

    def flush(self):
        self.buffer.clear()

    def close(self):
        try:
            self.flush()
        finally:
            logging.Handler.close(self)


class MemoryHandler(BufferingHandler):
    def __init__(self, capacity, flushLevel=logging.ERROR, target=None, flushOnClose=True):
        BufferingHandler.__init__(self, capacity)
        self.flushLevel = flushLevel
        self.target = target
        self.flushOnClose = flushOnClose

    def shouldFlush(self, record):
        return (len(self.buffer) >= self.capacity) or (record.levelno >= self.flushLevel)

    def setTarget(self, target):
        self.target = target

    def flush(self):
        if self.target:
            for record in self.buffer:
                self.target.handle(record)
            self.buffer.clear()

    def close(self):
        try:
            if self.flushOnClose:
                self.flush()
        finally:
            self.target = None
            BufferingHandler.close(self)


class QueueHandler(logging.Handler):
    def __init__(self, queue):
        logging.Handler.__init__(self)
        self.queue = queue
        self.listener = None

    def enqueue(self, record):
        self.queue.put_nowait(record)

    def prepare(self, record):
        # The message is merged into msg and the arguments and exception are dropped, so the record can
        # cross a process boundary (CPython's rule, kept here so handlers at the far end see the same).
        msg = self.format(record)
        import copy
        record = copy.copy(record)
        record.message = msg
        record.msg = msg
        record.args = None
        record.exc_info = None
        record.exc_text = None
        record.stack_info = None
        return record

    def emit(self, record):
        try:
            self.enqueue(self.prepare(record))
        except Exception:
            self.handleError(record)
