/**
 * / and /community: the Community page. Published ranks arrive with the community feature; until
 * then the frame says so honestly and keeps the ways in (create, the demo) up front.
 * /community-cop is the same page as a plain list view, without the welcome hero.
 */
import { Globe, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { HomeHero, HowItWorks } from '../home/home-page';
import { paths } from '../paths';
import { EmptyState, PageHead } from '../shell/page-frame';

function CommunityList(props: { headingLevel: 2 | 3 }) {
  return (
    <EmptyState
      icon={<Globe size={30} />}
      title="No community ranks yet"
      headingLevel={props.headingLevel}
      actions={
        <>
          <Link className="btn btn-primary" to={paths.create()}>
            <Plus size={18} aria-hidden="true" />
            Create a rank
          </Link>
          <Link className="btn btn-secondary" to={paths.demo()}>
            Try the demo
          </Link>
        </>
      }
    >
      <p>
        Ranks published for everyone to play will show up here. Be the first: create a rank and
        share its link.
      </p>
    </EmptyState>
  );
}

export function CommunityPage(props: { variant?: 'cop' }) {
  if (props.variant === 'cop') {
    return (
      <div className="page-frame">
        <title>Community · Crowned</title>
        <PageHead
          icon={<Globe size={24} />}
          title="Community"
          lede="Ranks people have published for everyone to play."
        />
        <CommunityList headingLevel={2} />
      </div>
    );
  }
  return (
    <>
      <title>Crowned — rank anything with friends</title>
      <HomeHero />
      <section className="community-section" aria-labelledby="community-title">
        <div className="section-head">
          <h2 id="community-title" className="section-title">
            Community
          </h2>
          <p className="muted">Ranks people have published for everyone to play.</p>
        </div>
        <CommunityList headingLevel={3} />
      </section>
      <HowItWorks />
    </>
  );
}
