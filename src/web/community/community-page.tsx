/**
 * / and /community: the welcome hero, then the Community list. /community-cop is the list with
 * moderation: anyone signed in can report a rank; admins see the report queue, badges, hidden
 * ranks, and Hide / Restore on every card.
 */
import { Globe, ShieldCheck } from 'lucide-react';
import { useCallback } from 'react';
import { Link } from 'react-router';
import type { CommunityRankView } from '../../domain/community';
import { HomeHero, HowItWorks } from './home-intro';
import { paths } from '../paths';
import { PageHead } from '../ui/page-frame';
import { useProfile } from '../shell/session/profile';
import { useViewer } from '../shell/session/use-viewer';
import { CommunityBrowser, type CardDecoration } from './community-browser';
import { HideButton, ModerationBadges, ReportQueue } from '../game/moderation';
import { ReportButton } from './report-dialog';
import { useText } from '../i18n/i18n';
import { RichText } from '../i18n/rich-text';
import { commonText } from '../i18n/messages/common';
import { communityPageText } from '../i18n/messages/community';

function CopPage() {
  const t = useText(communityPageText);
  const c = useText(commonText);
  const viewer = useViewer();
  const { profile } = useProfile();
  const admin = profile?.role === 'admin';
  const signedIn = viewer.status === 'signed-in';

  const decorate = useCallback(
    (rank: CommunityRankView): CardDecoration => ({
      badges: <ModerationBadges rank={rank} />,
      actions: (
        <>
          {signedIn && !rank.isMine ? <ReportButton rank={rank} /> : null}
          {admin ? (
            <HideButton
              rankId={rank.id}
              title={rank.title}
              hidden={rank.moderation?.hidden === true}
            />
          ) : null}
        </>
      ),
    }),
    [admin, signedIn],
  );

  return (
    <div className="page-frame">
      <title>{c.pageTitle({ title: t.title })}</title>
      <PageHead
        icon={admin ? <ShieldCheck size={24} /> : <Globe size={24} />}
        eyebrow={admin ? t.moderation : undefined}
        title={t.title}
        lede={admin ? t.adminLede : t.lede}
      />
      {admin ? <ReportQueue /> : null}
      <CommunityBrowser headingLevel={2} moderation={admin} decorate={decorate} />
    </div>
  );
}

export function CommunityPage(props: { variant?: 'cop' }) {
  if (props.variant === 'cop') return <CopPage />;
  return <CommunityHome />;
}

function CommunityHome() {
  const t = useText(communityPageText);
  const c = useText(commonText);
  return (
    <>
      <title>{t.homeTitle({ brand: c.brand })}</title>
      <HomeHero />
      <section className="community-section" aria-labelledby="community-title">
        <div className="section-head">
          <h2 id="community-title" className="section-title">
            {t.title}
          </h2>
          <p className="muted">
            <RichText
              text={t.sectionLede}
              values={{ build: <Link to={paths.builder()}>{t.build}</Link> }}
            />
          </p>
        </div>
        <CommunityBrowser headingLevel={3} />
      </section>
      <HowItWorks />
    </>
  );
}
