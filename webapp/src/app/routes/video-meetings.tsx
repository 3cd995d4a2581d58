import { VideoMeetingsPage } from '../../features/marketing/pages/video-meetings/video-meetings-page';

export function Component() {
  return <VideoMeetingsPage />;
}
