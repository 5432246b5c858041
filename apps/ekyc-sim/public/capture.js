// Capture page of the eKYC simulator. Progressive enhancement of a plain multipart form:
// without JavaScript (or without a camera) each step is a file input with `capture`; with a camera,
// each step shows a live preview (getUserMedia) and 撮影する draws the frame to a canvas, whose JPEG
// is put into that step's file input. Submitting is always the form's own POST.
(function () {
  'use strict';

  var form = document.querySelector('.capture-form');
  if (!form) return;

  var statusBox = document.getElementById('camera-status');
  var submitButton = form.querySelector('button[type="submit"]');
  var maxLongSide = 1920;

  var steps = Array.prototype.map.call(form.querySelectorAll('.step'), function (section) {
    return {
      id: section.getAttribute('data-step'),
      title: section.getAttribute('data-title'),
      facing: section.getAttribute('data-facing'),
      section: section,
      heading: section.querySelector('h2'),
      camera: section.querySelector('.camera'),
      video: section.querySelector('video'),
      shootButton: section.querySelector('[data-action="shoot"]'),
      startButton: section.querySelector('[data-action="start"]'),
      preview: section.querySelector('.preview'),
      image: section.querySelector('.preview img'),
      retakeButton: section.querySelector('[data-action="retake"]'),
      fileField: section.querySelector('.file-field'),
      input: section.querySelector('input[type="file"]'),
      objectUrl: null,
    };
  });

  var cameraPossible =
    !!(navigator.mediaDevices && typeof navigator.mediaDevices.getUserMedia === 'function') &&
    typeof DataTransfer === 'function' &&
    window.isSecureContext !== false;
  var mode = cameraPossible ? 'camera' : 'file';
  var stream = null;
  var activeStep = null; // the step whose camera is live
  var retaking = null; // a captured step being taken again

  // The form checks completeness itself: required inputs may be hidden in camera mode.
  form.noValidate = true;

  function hasFile(step) {
    return step !== retaking && !!step.input.files && step.input.files.length > 0;
  }

  function currentStep() {
    if (retaking) return retaking;
    for (var i = 0; i < steps.length; i++) if (!hasFile(steps[i])) return steps[i];
    return null;
  }

  function say(message) {
    statusBox.textContent = message;
  }

  function render() {
    var current = currentStep();
    steps.forEach(function (step) {
      var captured = hasFile(step);
      step.section.setAttribute('data-state', captured ? 'captured' : step === current ? 'current' : 'waiting');
      step.preview.hidden = !captured;
      step.camera.hidden = !(mode === 'camera' && step === activeStep);
      step.startButton.hidden = !(mode === 'camera' && step === current && step !== activeStep);
      step.fileField.hidden = mode === 'camera' || captured;
    });
  }

  function stopStream() {
    if (stream)
      stream.getTracks().forEach(function (track) {
        track.stop();
      });
    stream = null;
    steps.forEach(function (step) {
      step.video.srcObject = null;
    });
    activeStep = null;
  }

  function useFiles(message) {
    stopStream();
    mode = 'file';
    say(message);
    render();
  }

  function startCamera(step) {
    stopStream();
    activeStep = step;
    render();
    step.section.scrollIntoView({ block: 'start', behavior: 'smooth' });
    say('カメラを起動しています…');
    var constraints = {
      audio: false,
      video: { facingMode: { ideal: step.facing }, width: { ideal: 1920 }, height: { ideal: 1080 } },
    };
    navigator.mediaDevices.getUserMedia(constraints).then(
      function (mediaStream) {
        if (activeStep !== step) {
          mediaStream.getTracks().forEach(function (track) {
            track.stop();
          });
          return;
        }
        stream = mediaStream;
        step.video.srcObject = mediaStream;
        var playing = step.video.play();
        if (playing && typeof playing.catch === 'function') playing.catch(function () {});
        say('');
      },
      function () {
        useFiles('カメラを利用できませんでした。各項目の「写真を選ぶ」から撮影するか、写真を選んでください。');
      },
    );
  }

  function setCapture(step, file) {
    if (step.objectUrl) URL.revokeObjectURL(step.objectUrl);
    step.objectUrl = URL.createObjectURL(file);
    step.image.src = step.objectUrl;
  }

  function afterCapture(step) {
    retaking = null;
    render();
    say('「' + step.title + '」を撮影しました。');
    var next = currentStep();
    if (next) {
      if (mode === 'camera') startCamera(next);
      else next.section.scrollIntoView({ block: 'start', behavior: 'smooth' });
    } else {
      submitButton.scrollIntoView({ block: 'end', behavior: 'smooth' });
      submitButton.focus({ preventScroll: true });
      say('4枚すべて撮影しました。内容を確認して「送信する」を押してください。');
    }
  }

  function shoot(step) {
    var video = step.video;
    if (!video.videoWidth || !video.videoHeight) {
      say('カメラの準備ができていません。少し待ってから、もう一度「撮影する」を押してください。');
      return;
    }
    var scale = Math.min(1, maxLongSide / Math.max(video.videoWidth, video.videoHeight));
    var canvas = document.createElement('canvas');
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    canvas.getContext('2d').drawImage(video, 0, 0, canvas.width, canvas.height);
    canvas.toBlob(
      function (blob) {
        if (!blob) {
          say('撮影できませんでした。もう一度「撮影する」を押してください。');
          return;
        }
        var file = new File([blob], step.id + '.jpg', { type: 'image/jpeg' });
        var transfer = new DataTransfer();
        transfer.items.add(file);
        step.input.files = transfer.files;
        setCapture(step, file);
        stopStream();
        afterCapture(step);
      },
      'image/jpeg',
      0.9,
    );
  }

  steps.forEach(function (step) {
    step.section.setAttribute('data-enhanced', 'true');
    step.startButton.addEventListener('click', function () {
      startCamera(step);
    });
    step.shootButton.addEventListener('click', function () {
      shoot(step);
    });
    step.retakeButton.addEventListener('click', function () {
      retaking = step;
      step.input.value = '';
      if (mode === 'camera') startCamera(step);
      else {
        render();
        step.input.click();
      }
    });
    step.input.addEventListener('change', function () {
      if (step.input.files && step.input.files.length > 0) {
        setCapture(step, step.input.files[0]);
        afterCapture(step);
      } else render();
    });
  });

  form.addEventListener('submit', function (event) {
    var missing = steps.filter(function (step) {
      return !hasFile(step);
    });
    if (missing.length > 0) {
      event.preventDefault();
      say(
        '撮影が済んでいない写真があります：' +
          missing
            .map(function (step) {
              return step.title;
            })
            .join('、'),
      );
      missing[0].heading.focus();
      return;
    }
    stopStream();
    form.setAttribute('aria-busy', 'true');
    submitButton.disabled = true;
    submitButton.textContent = '';
    var spinner = document.createElement('span');
    spinner.className = 'spinner';
    spinner.setAttribute('aria-hidden', 'true');
    submitButton.appendChild(spinner);
    submitButton.appendChild(document.createTextNode(submitButton.getAttribute('data-busy-text') || '送信しています…'));
  });

  // Coming back with the browser's back button (bfcache): the button must work again.
  window.addEventListener('pageshow', function (event) {
    if (!event.persisted) return;
    form.removeAttribute('aria-busy');
    submitButton.disabled = false;
    submitButton.textContent = '送信する';
  });

  window.addEventListener('pagehide', stopStream);

  if (mode === 'file') say('このブラウザではカメラを直接起動できません。各項目の「写真を選ぶ」から撮影するか、写真を選んでください。');
  render();
})();
