/// The page scripts: plain JavaScript, no libraries.
enum FigureScript {
    /// Shared: the skeleton and drawing a pose into an SVG group.
    static let common = """
        const DATA = JSON.parse(document.getElementById('kinetix-data').textContent);
        const BONES = [['neck','nose'],['neck','leftShoulder'],['neck','rightShoulder'],['leftShoulder','leftElbow'],['leftElbow','leftWrist'],
          ['rightShoulder','rightElbow'],['rightElbow','rightWrist'],['neck','root'],['root','leftHip'],['root','rightHip'],
          ['leftHip','leftKnee'],['leftKnee','leftAnkle'],['rightHip','rightKnee'],['rightKnee','rightAnkle']];
        const LIMB_BONES = {leftElbow:[['leftShoulder','leftElbow'],['leftElbow','leftWrist']], rightElbow:[['rightShoulder','rightElbow'],['rightElbow','rightWrist']],
          leftShoulder:[['leftShoulder','leftElbow']], rightShoulder:[['rightShoulder','rightElbow']], leftHip:[['leftHip','leftKnee']], rightHip:[['rightHip','rightKnee']],
          leftKnee:[['leftKnee','leftAnkle']], rightKnee:[['rightKnee','rightAnkle']], neck:[['neck','nose']]};
        function drawBones(group, pose, joints, bones) {
          group.textContent = '';
          if (!pose) return 0;
          let drawn = 0;
          for (const [a, b] of bones) {
            const i = joints.indexOf(a), j = joints.indexOf(b);
            const x1 = pose[2*i], y1 = pose[2*i+1], x2 = pose[2*j], y2 = pose[2*j+1];
            if (x1 === null || x2 === null) continue;
            const line = document.createElementNS('http://www.w3.org/2000/svg', 'line');
            line.setAttribute('x1', x1); line.setAttribute('y1', -y1); line.setAttribute('x2', x2); line.setAttribute('y2', -y2);
            group.appendChild(line); drawn++;
          }
          return drawn;
        }
        function moveCursors(t, t0, t1) {
          for (const svg of document.querySelectorAll('svg.timeline')) {
            const c = svg.querySelector('.cursor'); if (!c) continue;
            const w = svg.viewBox.baseVal.width, x = 110 + (t - t0) / Math.max(t1 - t0, 1e-9) * (w - 120);
            c.setAttribute('x1', x); c.setAttribute('x2', x);
          }
        }
        function timeFromHash() {
          const m = /(?:^#|&)t=([0-9.]+)/.exec(location.hash);
          return m ? parseFloat(m[1]) : null;
        }
        """

    static let compare =
        common + """
            function unpack(text, Type) {
              const bin = atob(text), bytes = new Uint8Array(bin.length);
              for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
              return new Type(bytes.buffer);
            }
            const R = DATA.report, F = DATA.figure, n = F.count, tol = R.parameters.toleranceDegrees;
            const LAG = unpack(F.lag, Int16Array), LP = unpack(F.learner, Int8Array), DP = unpack(F.demonstrator, Int8Array);
            const LA = unpack(F.learnerAngles, Uint16Array), DA = unpack(F.demonstratorAngles, Uint16Array);
            const LF = unpack(F.learnerSourceFrames, Int32Array), DF = unpack(F.demonstratorSourceFrames, Int32Array);
            const CUE = unpack(F.cueIndex, Int16Array), J = F.joints.length, L = F.limbs.length;
            const tAt = k => F.t0 + k * F.stride / F.rate;
            const t0 = tAt(0), t1 = tAt(n - 1);
            function pose(P, k) {
              const out = [];
              for (let i = 0; i < 2 * J; i++) { const v = P[k * 2 * J + i]; out.push(v === -128 ? null : v / F.poseScale); }
              return out;
            }
            function angle(A, k, i) { const v = A[k * L + i]; return v === 65535 ? null : v / 10; }
            const slider = document.getElementById('slider'); slider.max = n - 1;
            const figure = document.getElementById('figure');
            function nearest(t) { return Math.max(0, Math.min(n - 1, Math.round((t - t0) * F.rate / F.stride))); }
            function fmt(v, d) { return v === null || v === undefined ? '—' : v.toFixed(d); }
            function show(k) {
              k = Math.max(0, Math.min(n - 1, k)); slider.value = k;
              const t = tAt(k), lag = LAG[k] >= 0 ? LAG[k] / F.rate : null;
              const learner = pose(LP, k), ghost = DF[k] >= 0 ? pose(DP, k) : null;
              const drawnLearner = drawBones(document.getElementById('learner'), learner, F.joints, BONES);
              const drawnGhost = drawBones(document.getElementById('ghost'), ghost, F.joints, BONES);
              const errors = {};
              F.limbs.forEach((limb, i) => { const a = angle(LA, k, i), b = angle(DA, k, i); errors[limb] = lag === null || a === null || b === null ? null : a - b; });
              const out = F.limbs.filter(l => errors[l] !== null && Math.abs(errors[l]) > tol);
              drawBones(document.getElementById('worst'), learner, F.joints, out.flatMap(l => LIMB_BONES[l]));
              figure.dataset.frame = k * F.stride; figure.dataset.learnerSourceFrame = LF[k];
              figure.dataset.demonstratorSourceFrame = DF[k];
              figure.dataset.t = t.toFixed(3); figure.dataset.bones = drawnLearner + '/' + drawnGhost;
              document.getElementById('now').textContent = 't = ' + t.toFixed(2) + ' s · frame ' + (k * F.stride) +
                (lag === null ? ' · unscored' : ' · demonstrator at ' + (t - lag).toFixed(2) + ' s (lag ' + lag.toFixed(2) + ' s)');
              const cue = CUE[k] >= 0 ? R.cues[CUE[k]].text : F.noCueNow;
              document.getElementById('cue').textContent = cue;
              for (const row of document.querySelectorAll('#moment tbody tr')) {
                const limb = row.dataset.limb, li = F.limbs.indexOf(limb), e = errors[limb];
                const a = angle(LA, k, li), b = lag === null ? null : angle(DA, k, li);
                row.cells[1].textContent = a === null ? '—' : a.toFixed(1) + '°';
                row.cells[2].textContent = b === null ? '—' : b.toFixed(1) + '°';
                row.cells[3].textContent = e === null ? '—' : (e > 0 ? '+' : '') + e.toFixed(1) + '°';
                row.className = e !== null && Math.abs(e) > tol ? 'worst' : '';
              }
              moveCursors(t, t0, t1);
            }
            slider.addEventListener('input', () => show(+slider.value));
            document.getElementById('prev').addEventListener('click', () => show(+slider.value - 1));
            document.getElementById('next').addEventListener('click', () => show(+slider.value + 1));
            const jump = document.getElementById('jump');
            if (jump && R.summary.formBreak) jump.addEventListener('click', () => show(nearest(R.summary.formBreak.start)));
            for (const svg of document.querySelectorAll('svg.timeline')) svg.addEventListener('click', e => {
              const box = svg.getBoundingClientRect(), w = svg.viewBox.baseVal.width;
              const x = (e.clientX - box.left) / box.width * w; show(nearest(t0 + (x - 110) / (w - 120) * (t1 - t0)));
            });
            document.addEventListener('keydown', e => { if (e.key === 'ArrowLeft') show(+slider.value - 1); if (e.key === 'ArrowRight') show(+slider.value + 1); });
            window.addEventListener('hashchange', () => { const t = timeFromHash(); if (t !== null) show(nearest(t)); });
            const start = timeFromHash();
            show(start !== null ? nearest(start) : (R.summary.formBreak ? nearest(R.summary.formBreak.start) : 0));
            """

    static let assessment =
        common + """
            const R = DATA.report, F = DATA.figure, times = R.frames.map(f => f.t), n = times.length;
            const slider = document.getElementById('slider'); slider.max = n - 1;
            const figure = document.getElementById('figure'), group = document.getElementById('pose');
            const JOINTS = ['nose','neck','leftShoulder','rightShoulder','leftElbow','rightElbow','leftWrist','rightWrist','root','leftHip','rightHip','leftKnee','rightKnee','leftAnkle','rightAnkle'];
            function nearest(t) { let best = 0; for (let k = 0; k < n; k++) if (Math.abs(times[k] - t) < Math.abs(times[best] - t)) best = k; return best; }
            function show(k) {
              k = Math.max(0, Math.min(n - 1, k)); slider.value = k;
              const pose = F.poses[k];
              if (F.kind === 'face') {
                group.textContent = '';
                for (const chain of F.outlines) {
                  const pts = chain.map(j => pose && pose[2 * j] !== null ? pose[2 * j] + ',' + (-pose[2 * j + 1]) : null);
                  if (pts.includes(null)) continue;
                  const line = document.createElementNS('http://www.w3.org/2000/svg', 'polyline');
                  line.setAttribute('points', pts.join(' ')); line.setAttribute('fill', 'none'); line.setAttribute('stroke-width', 0.02); group.appendChild(line);
                }
                for (let i = 0; pose && i < pose.length; i += 2) if (pose[i] !== null) {
                  const c = document.createElementNS('http://www.w3.org/2000/svg', 'circle');
                  c.setAttribute('cx', pose[i]); c.setAttribute('cy', -pose[i+1]); c.setAttribute('r', 0.03); group.appendChild(c);
                }
              } else {
                drawBones(group, pose, JOINTS, BONES);
              }
              figure.dataset.frame = k; figure.dataset.t = times[k].toFixed(3);
              const inRep = R.reps.findIndex(r => r.start <= times[k] && times[k] <= r.end);
              document.getElementById('now').textContent = 't = ' + times[k].toFixed(2) + ' s · frame ' + k + (inRep >= 0 ? ' · rep ' + (inRep + 1) : '');
              moveCursors(times[k], times[0], times[n - 1]);
            }
            slider.addEventListener('input', () => show(+slider.value));
            document.getElementById('prev').addEventListener('click', () => show(+slider.value - 1));
            document.getElementById('next').addEventListener('click', () => show(+slider.value + 1));
            window.addEventListener('hashchange', () => { const t = timeFromHash(); if (t !== null) show(nearest(t)); });
            const start = timeFromHash();
            show(start !== null ? nearest(start) : (F.openFrame || 0));
            """
}
