/** The home (Community) page's welcome: what Crowned is, the two ways in, how it works. */
import { params } from '@nanostores/i18n';
import { i18n } from '../i18n';

export const heroText = i18n('home/hero', {
  tagline: 'rank anything with friends',
  lede: 'Best pizza topping? Greatest movie of the decade? Make a rank, share the link, and see who the crowd crowns.',
  create: 'Create a rank',
  demo: 'Try the demo',
});

export const howItWorksText = i18n('home/how-it-works', {
  title: 'How it works',
  step: params('Step {step}: '),
  createTitle: 'Create',
  createText: 'Write a prompt and add at least 3 things to rank.',
  shareTitle: 'Share',
  shareText: 'Send the link. Friends play without an account.',
  rankTitle: 'Rank',
  rankText: 'Everyone drags the items into their own order.',
  crownTitle: 'Crown',
  crownText: 'Watch the combined results update live.',
});
