export type CameraReadiness = 'ready' | 'unsupported' | 'denied' | 'unknown';

/**
 * Whether the browser can offer the camera to the identity-check service, without opening it:
 * getUserMedia present and the camera permission not denied. 'unknown' when the permission
 * cannot be read (Safari before 16): the service asks when it needs the camera.
 */
export async function cameraReadiness(nav: Navigator = navigator): Promise<CameraReadiness> {
  if (typeof nav.mediaDevices?.getUserMedia !== 'function') return 'unsupported';
  try {
    const status = await nav.permissions?.query({ name: 'camera' as PermissionName });
    if (!status) return 'unknown';
    return status.state === 'denied' ? 'denied' : 'ready';
  } catch {
    return 'unknown';
  }
}
