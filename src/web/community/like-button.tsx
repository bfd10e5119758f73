/**
 * The heart toggle of a rank (one like per account): optimistic, rolled back when the server
 * refuses. Signed-out visitors and guests are asked to sign in instead.
 */
import { Heart } from 'lucide-react';
import { toast } from '../ui/toasts';
import type { CommunityRankView } from '../../domain/community';
import { isSignInNeeded, useLikeRank } from '../api/community';
import { errorMessage } from '../api/errors';
import { refreshSession, useViewer } from '../shell/session/use-viewer';
import { useSignInPrompt } from './sign-in-prompt';
import { useText } from '../i18n/i18n';
import { likeButtonText } from '../i18n/messages/community';

export function LikeButton(props: { rank: CommunityRankView; size?: 'md' | 'lg' }) {
  const { rank } = props;
  const t = useText(likeButtonText);
  const viewer = useViewer();
  const promptSignIn = useSignInPrompt();
  const like = useLikeRank((error) => {
    if (isSignInNeeded(error)) {
      refreshSession();
      promptSignIn(t.signInToLike);
    } else {
      toast.error(errorMessage(error));
    }
  });

  const onClick = () => {
    if (viewer.status !== 'signed-in') {
      promptSignIn(t.signInToLike);
      return;
    }
    like.mutate({ rankId: rank.id, liked: !rank.likedByMe });
  };

  return (
    <button
      type="button"
      className={`like-button${props.size === 'lg' ? ' like-button--lg' : ''}`}
      aria-pressed={rank.likedByMe}
      onClick={onClick}
      data-testid="like-button"
    >
      <Heart
        size={props.size === 'lg' ? 22 : 18}
        aria-hidden="true"
        fill={rank.likedByMe ? 'currentColor' : 'none'}
      />
      <span className="like-button__count" data-testid="like-count">
        {rank.likes}
      </span>
      <span className="visually-hidden">{t.label({ title: rank.title })(rank.likes)}</span>
    </button>
  );
}
