#!/usr/bin/env python3
"""kinetix-extract: MediaPipe Pose (and Face Mesh on request) on a video or a camera.

Writes what `kinetix convert` reads (MediaPipe's `keypoints-pose-v1` JSON), or streams
the frames live in the Kinetix streaming format (Sidecars/STREAM.md) to `kinetix assess
--live` / `kinetix compare --live`. Offline: the models ship inside the pinned mediapipe
wheel; nothing is downloaded at run time. Not part of the Swift engine, its build or
its tests: install it with `bash Sources/kinetix-extract/install.sh`.
"""

import argparse
import json
import math
import os
import socket
import stat
import sys
import time

VERSION = "1"

MP33_NAMES = [
    "nose", "left_eye_inner", "left_eye", "left_eye_outer", "right_eye_inner", "right_eye", "right_eye_outer",
    "left_ear", "right_ear", "mouth_left", "mouth_right", "left_shoulder", "right_shoulder", "left_elbow",
    "right_elbow", "left_wrist", "right_wrist", "left_pinky", "right_pinky", "left_index", "right_index",
    "left_thumb", "right_thumb", "left_hip", "right_hip", "left_knee", "right_knee", "left_ankle", "right_ankle",
    "left_heel", "right_heel", "left_foot_index", "right_foot_index",
]

# The sidecar's 15 joints from BlazePose's 33 (as KinetixFormats' MediaPipeConverter maps
# them: neck and root are the shoulder and hip midpoints, with the smaller confidence).
JOINTS = [
    ("nose", (0,)), ("neck", (11, 12)), ("leftShoulder", (11,)), ("rightShoulder", (12,)),
    ("leftElbow", (13,)), ("rightElbow", (14,)), ("leftWrist", (15,)), ("rightWrist", (16,)),
    ("root", (23, 24)), ("leftHip", (23,)), ("rightHip", (24,)), ("leftKnee", (25,)), ("rightKnee", (26,)),
    ("leftAnkle", (27,)), ("rightAnkle", (28,)),
]


def fail(message, code):
    print(f"kinetix-extract: error: {message}", file=sys.stderr)
    sys.exit(code)


def parse_arguments(argv):
    parser = argparse.ArgumentParser(
        prog="kinetix-extract",
        description="MediaPipe Pose on a video (or a camera), for kinetix: a keypoints file for "
                    "'kinetix convert', or a live stream for 'kinetix assess --live' / 'compare --live'.",
        epilog="examples:\n"
               "  kinetix-extract squat.mp4 -o squat.keypoints.json && kinetix convert squat.keypoints.json -o squat.json\n"
               "  kinetix-extract squat.mp4 --stream | kinetix assess --live - --profile squat\n"
               "  kinetix-extract camera:0 --stream tcp:5057",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("video", help="a video file, or camera:N for camera N")
    parser.add_argument("-o", "--output", help="the keypoints file to write (keypoints-pose-v1 JSON)")
    parser.add_argument("--stream", nargs="?", const="-", metavar="WHERE",
                        help="stream frames as they are made: - (standard output, the default), a FIFO, tcp:PORT or udp:PORT on 127.0.0.1")
    parser.add_argument("--face", action="store_true", help="also run Face Mesh (468 landmarks + pupils) on each frame (files only)")
    parser.add_argument("--person", default="largest",
                        help="who to follow: largest (the largest person at the start, default), box:X,Y,W,H (the person in that box "
                             "of the first frame, pixels), or any (MediaPipe's own choice, unlocked)")
    parser.add_argument("--model-complexity", type=int, choices=[0, 1, 2], default=1,
                        help="0 lite, 1 full (default; the shared keypoints' model), 2 heavy")
    parser.add_argument("--as-fast-as-possible", action="store_true",
                        help="with --stream on a video: do not wait for each frame's time (default: the video's real rate)")
    parser.add_argument("--epoch", type=float,
                        help="with --stream: the Unix time that frame times count from (give two cameras the same one; "
                             "default: a video's own times, a camera's first frame)")
    parser.add_argument("--max-frames", type=int, help="stop after this many frames")
    parser.add_argument("--quiet", action="store_true", help="no progress on standard error")
    parser.add_argument("--version", action="version", version=f"kinetix-extract {VERSION}")
    arguments = parser.parse_args(argv)
    if (arguments.output is None) == (arguments.stream is None):
        parser.error("give -o FILE (a keypoints file) or --stream [WHERE] (live frames), one of them")
    if arguments.person not in ("largest", "any") and not arguments.person.startswith("box:"):
        parser.error("--person expects largest, any or box:X,Y,W,H")
    if arguments.person.startswith("box:"):
        try:
            box = [float(v) for v in arguments.person[4:].split(",")]
            assert len(box) == 4 and box[2] > 0 and box[3] > 0
            arguments.box = box
        except (ValueError, AssertionError):
            parser.error(f"--person {arguments.person}: expected box:X,Y,W,H in pixels, W and H > 0")
    else:
        arguments.box = None
    return arguments


class PersonLock:
    """Follows one person: everything outside a region around them is greyed out before the
    estimator sees the frame, so nobody else can be picked. The region starts at the chosen
    box (or the largest person found at the start) and follows the landmarks; it grows
    while the person is lost."""

    def __init__(self, mode, box, width, height):
        self.mode, self.width, self.height = mode, width, height
        self.region = None if box is None else self._clamp(box[0], box[1], box[0] + box[2], box[1] + box[3])
        self.started = box is not None
        self.lost = 0
        self.lost_total = 0

    def _clamp(self, x0, y0, x1, y1):
        return (max(0.0, x0), max(0.0, y0), min(float(self.width), x1), min(float(self.height), y1))

    def start(self, frame, cv2):
        """For `largest`: OpenCV's people detector (HOG, shipped with OpenCV) on the first frame;
        with two or more people the largest is locked, else MediaPipe's own pick is."""
        self.started = True
        if self.mode != "largest":
            return
        scale = min(1.0, 640.0 / max(self.width, self.height))
        small = cv2.resize(frame, (int(self.width * scale), int(self.height * scale))) if scale < 1 else frame
        hog = cv2.HOGDescriptor()
        hog.setSVMDetector(cv2.HOGDescriptor_getDefaultPeopleDetector())
        boxes, _ = hog.detectMultiScale(small, winStride=(8, 8))
        if len(boxes) >= 2:
            x, y, w, h = max(boxes, key=lambda b: b[2] * b[3])
            self.region = self._clamp(x / scale - w / scale * 0.3, y / scale - h / scale * 0.1,
                                      (x + w) / scale + w / scale * 0.3, (y + h) / scale + h / scale * 0.1)

    def mask(self, frame):
        if self.mode == "any" or self.region is None:
            return frame
        x0, y0, x1, y1 = (int(v) for v in self.region)
        masked = frame.copy()
        masked[:y0, :] = 114
        masked[y1:, :] = 114
        masked[:, :x0] = 114
        masked[:, x1:] = 114
        return masked

    def update(self, points):
        """`points`: the person's (x, y, visibility) in pixels, or None when not found."""
        if self.mode == "any":
            return
        if points is None:
            self.lost += 1
            self.lost_total += 1
            if self.region is not None:  # grow 5 % a frame while lost
                x0, y0, x1, y1 = self.region
                dx, dy = (x1 - x0) * 0.025, (y1 - y0) * 0.025
                self.region = self._clamp(x0 - dx, y0 - dy, x1 + dx, y1 + dy)
            return
        self.lost = 0
        seen = [(x, y) for x, y, v in points if v > 0.3] or [(x, y) for x, y, _ in points]
        xs, ys = [p[0] for p in seen], [p[1] for p in seen]
        w, h = max(xs) - min(xs), max(ys) - min(ys)
        margin = 0.5 * max(w, h, 0.1 * min(self.width, self.height))
        self.region = self._clamp(min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin)


class Destination:
    """Where streamed lines go: standard output, a FIFO, or a loopback socket."""

    def __init__(self, where):
        self.where = where
        self.sock = None
        self.file = None
        if where == "-":
            self.file = sys.stdout.buffer
        elif where.startswith("tcp:") or where.startswith("udp:"):
            try:
                port = int(where[4:])
                assert 0 < port < 65536
            except (ValueError, AssertionError):
                fail(f"--stream {where}: expected a port number in 1...65535", 64)
            if where.startswith("udp:"):
                self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
                self.sock.connect(("127.0.0.1", port))
            else:
                deadline = time.time() + 10
                while True:
                    try:
                        self.sock = socket.create_connection(("127.0.0.1", port))
                        break
                    except OSError as error:
                        if time.time() > deadline:
                            fail(f"--stream {where}: cannot connect to 127.0.0.1:{port}: {error.strerror}", 73)
                        time.sleep(0.1)
                self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        else:
            try:
                if not stat.S_ISFIFO(os.stat(where).st_mode):
                    fail(f"--stream {where}: expected -, a FIFO (mkfifo), tcp:PORT or udp:PORT", 64)
            except FileNotFoundError:
                fail(f"--stream {where}: no such FIFO (make it with mkfifo)", 66)
            self.file = open(where, "wb", buffering=0)

    def send(self, line):
        data = line.encode()
        try:
            if self.sock is not None:
                self.sock.sendall(data) if self.where.startswith("tcp:") else self.sock.send(data)
            else:
                self.file.write(data)
                self.file.flush()
        except (BrokenPipeError, ConnectionError) as error:
            fail(f"--stream {self.where}: the receiver went away ({error.__class__.__name__})", 73)


def number(value, digits):
    return round(float(value), digits)


def sidecar_joints(mp33):
    """The 15 sidecar joints, `{name: [x, y, confidence]}`, from [[x, y, z, visibility] x 33]
    in pixels; joints with visibility 0 are left out (not tracked)."""
    joints = {}
    for name, indices in JOINTS:
        points = [mp33[i] for i in indices]
        confidence = min(1.0, min(p[3] for p in points))
        if confidence <= 0:
            continue
        x = sum(p[0] for p in points) / len(points)
        y = sum(p[1] for p in points) / len(points)
        joints[name] = [number(x, 2), number(y, 2), number(confidence, 4)]
    return joints


def main(argv):
    arguments = parse_arguments(argv)
    try:
        import cv2
        import mediapipe as mp
    except ImportError as error:
        fail(f"{error}: install the extractor's environment with 'bash Sources/kinetix-extract/install.sh' and run it from there", 69)

    camera = arguments.video.startswith("camera:")
    if camera:
        capture = cv2.VideoCapture(int(arguments.video[7:]))
    else:
        if not os.path.isfile(arguments.video):
            fail(f"{arguments.video}: no such video file", 66)
        capture = cv2.VideoCapture(arguments.video)
    if not capture.isOpened():
        fail(f"{arguments.video}: cannot be opened as a video", 65 if not camera else 66)
    fps = capture.get(cv2.CAP_PROP_FPS) or 0.0
    if not (fps > 0 and math.isfinite(fps)):
        fps = 30.0
        print(f"kinetix-extract: {arguments.video}: no frame rate recorded; 30 fps assumed", file=sys.stderr)
    width = int(capture.get(cv2.CAP_PROP_FRAME_WIDTH))
    height = int(capture.get(cv2.CAP_PROP_FRAME_HEIGHT))
    total = int(capture.get(cv2.CAP_PROP_FRAME_COUNT)) if not camera else 0
    if arguments.max_frames:
        total = min(total, arguments.max_frames) if total > 0 else arguments.max_frames

    pose = mp.solutions.pose.Pose(static_image_mode=False, model_complexity=arguments.model_complexity,
                                  smooth_landmarks=True, enable_segmentation=False)
    face = mp.solutions.face_mesh.FaceMesh(static_image_mode=False, max_num_faces=1, refine_landmarks=True) if arguments.face and not arguments.stream else None
    if arguments.face and arguments.stream:
        print("kinetix-extract: --face applies to keypoint files; a stream carries the body only", file=sys.stderr)
    lock = PersonLock(arguments.person, arguments.box, width, height)
    destination = Destination(arguments.stream) if arguments.stream is not None else None
    detector = f"MediaPipe Pose {mp.__version__} (model_complexity={arguments.model_complexity})"
    if destination is not None:
        header = {"format": "kinetix-stream", "version": 1, "space": {"kind": "pixels", "width": width, "height": height}, "fps": fps,
                  "source": {"video": arguments.video, "detector": detector, "extractor": f"kinetix-extract {VERSION}"}}
        destination.send(json.dumps(header) + "\n")

    frames = []
    index = 0
    with_person = 0
    estimator_ms = []
    start = time.time()
    epoch = arguments.epoch
    last_progress = start
    while True:
        if arguments.max_frames and index >= arguments.max_frames:
            break
        if destination is not None and not camera and not arguments.as_fast_as_possible:
            wait = start + index / fps - time.time()  # the video's real rate, as a camera delivers it
            if wait > 0:
                time.sleep(wait)
        ok, image = capture.read()
        captured = time.time()
        if not ok:
            break
        if not lock.started:
            lock.start(image, cv2)
        began = time.perf_counter()
        rgb = cv2.cvtColor(lock.mask(image), cv2.COLOR_BGR2RGB)
        result = pose.process(rgb)
        mp33 = world = mesh = None
        if result.pose_landmarks is not None:
            mp33 = [[number(p.x * width, 3), number(p.y * height, 3), number(p.z * width, 3), number(p.visibility, 5)]
                    for p in result.pose_landmarks.landmark]
            world = [[number(p.x, 5), number(p.y, 5), number(p.z, 5)] for p in result.pose_world_landmarks.landmark] \
                if result.pose_world_landmarks is not None else None
            with_person += 1
        lock.update(None if mp33 is None else [(p[0], p[1], p[3]) for p in mp33])
        if face is not None:
            faces = face.process(rgb)
            if faces.multi_face_landmarks:
                mesh = [[number(p.x * width, 3), number(p.y * height, 3), number(p.z * width, 3)] for p in faces.multi_face_landmarks[0].landmark]
        estimator_ms.append((time.perf_counter() - began) * 1000)

        if camera:
            epoch = captured if epoch is None else epoch
            t = captured - epoch
        else:
            t = index / fps if arguments.epoch is None else start + index / fps - arguments.epoch
        if destination is not None:
            line = {"t": round(t, 6), "captured": captured, "i": index, "joints": sidecar_joints(mp33) if mp33 is not None else None}
            destination.send(json.dumps(line, separators=(", ", ": ")) + "\n")
        else:
            frame = {"i": index, "t": round(t, 6)}
            if mp33 is not None:
                joints = sidecar_joints(mp33)
                frame["joints"] = [joints.get(name, [0.0, 0.0, 0.0]) for name, _ in JOINTS]
                frame["mp33"] = mp33
                if world is not None:
                    frame["mp33_world"] = world
            else:
                frame["joints"] = None
            if mesh is not None:
                frame["face468"] = mesh
            frames.append(frame)
        index += 1
        now = time.time()
        if not arguments.quiet and now - last_progress >= 2:
            last_progress = now
            rate = index / (now - start)
            left = f", about {math.ceil((total - index) / rate)} s left" if total > index and rate > 0 else ""
            of = f"/{total} ({100 * index // total} %)" if total > 0 else ""
            print(f"kinetix-extract: frame {index}{of}, {rate:.1f} frames/s{left}", file=sys.stderr, flush=True)
    capture.release()
    elapsed = time.time() - start
    if index == 0:
        fail(f"{arguments.video}: no frame could be read", 65)

    ordered = sorted(estimator_ms)
    median = ordered[len(ordered) // 2]
    p99 = ordered[min(len(ordered) - 1, math.ceil(0.99 * len(ordered)) - 1)]
    summary = (f"kinetix-extract: {index} frames in {elapsed:.1f} s ({index / elapsed:.1f} frames/s), a person in {with_person} "
               f"({100 * with_person / index:.0f} %); the estimator's time per frame: median {median:.1f} ms, p99 {p99:.1f} ms")
    if destination is not None:
        destination.send('{"end": true}\n')
        print(summary, file=sys.stderr)
        return 0

    document = {
        "format": "keypoints-pose-v1",
        "source": {"video_file": os.path.basename(arguments.video)},
        "video": {"fps": fps, "width": width, "height": height, "n_frames_in_file": total or index, "n_frames": index, "first_frame": 0},
        "extractor": {"name": "kinetix-extract", "version": VERSION, "mediapipe": mp.__version__, "opencv": cv2.__version__,
                      "pose": f"pose_landmark_{['lite', 'full', 'heavy'][arguments.model_complexity]} (model_complexity={arguments.model_complexity})",
                      "smooth_landmarks": True, "person": arguments.person, "face": face is not None,
                      "frames_with_person": with_person, "lost_frames": lock.lost_total,
                      "frames_per_second": round(index / elapsed, 2),
                      "estimator_ms_median": round(median, 2), "estimator_ms_p99": round(p99, 2)},
        "joint_names": [name for name, _ in JOINTS],
        "mp33_names": MP33_NAMES,
        "frames": frames,
    }
    temporary = f"{arguments.output}.kinetix-extract-{os.getpid()}.tmp"
    try:
        with open(temporary, "w") as out:
            json.dump(document, out, separators=(",", ":"))
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, arguments.output)
    except OSError as error:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        fail(f"{arguments.output}: cannot write: {error.strerror}", 73)
    print(summary + f"; wrote {arguments.output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except KeyboardInterrupt:
        sys.exit(130)
