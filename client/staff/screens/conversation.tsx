import { useEffect, useRef, useState } from 'react';
import type { StaffConversation } from '../../../core/schemas/staff-answers';
import { MemberCard, ProfileCard } from '../components/cards';
import { ClaimTimer } from '../components/claim-timer';
import { Composer } from '../components/composer';
import { ProtectFlag } from '../components/protect-flag';
import { Link } from '../components/link';
import { MessageList } from '../components/message-list';
import { Notes } from '../components/notes';
import { ApiError, staffSend } from '../lib/api';
import { t } from '../lib/i18n';
import { useMe } from '../lib/me';
import { startQueueLive } from '../lib/queue-live';
import { releaseClaim } from '../lib/release';
import { useNow, useStaffData } from '../lib/use-data';
import { Loading, Problem } from '../components/notice';

type Claim = StaffConversation['claimed_by'];

const problemOf = (e: unknown) => (e instanceof ApiError && e.status !== 0 ? e.message : t('errors.network'));

/** The conversation and its claim: loads it, follows the brand's queue, and gives a claim of one's own back on leaving. */
function useClaimedConversation(brand: string, id: number) {
  const me = useMe();
  const conversation = useStaffData('/api/staff/conversation.php', { brand, id });
  const now = useNow(1000);
  const [claim, setClaim] = useState<Claim>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const data = conversation.data;
  const reload = useRef(conversation.reload);
  reload.current = conversation.reload;

  // The server's view of the claim wins whenever the conversation is (re)loaded.
  useEffect(() => {
    if (data) setClaim(data.claimed_by);
  }, [data]);

  // The member may write again while the operator is here: the brand's queue events say when to refetch.
  useEffect(() => startQueueLive({ brand, onChange: () => void reload.current() }), [brand]);

  // Leaving the screen (another screen, closing the tab) gives a claim of one's own back.
  const mine = Boolean(claim && claim.id === me.id && Date.parse(claim.expires_at) > Date.now());
  const holding = useRef(false);
  holding.current = mine;
  useEffect(() => {
    const leave = () => holding.current && releaseClaim(brand, id);
    addEventListener('pagehide', leave);
    return () => {
      removeEventListener('pagehide', leave);
      leave();
    };
  }, [brand, id]);

  return { me, conversation, now, claim, setClaim, busy, setBusy, problem, setProblem, reload };
}

/** What the operator does on the screen: claim the conversation again, and send a reply (text or photo). */
function answerActions(brand: string, id: number, state: ReturnType<typeof useClaimedConversation>) {
  const { conversation, setClaim, setBusy, setProblem, reload } = state;
  const claimAgain = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await staffSend('post', '/api/staff/claim.php', { brand, conversation_id: id });
      setClaim(answer.claimed_by);
    } catch (e) {
      setProblem(problemOf(e));
      void reload.current();
    } finally {
      setBusy(false);
    }
  };

  const send = async (message: { text: string } | { photo_id: number }): Promise<boolean> => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await staffSend('post', '/api/staff/reply.php', { brand, conversation_id: id, ...message });
      setClaim(answer.claimed_by);
      conversation.mutate((c) => c && { ...c, messages: [...c.messages, answer.message], waiting_since: null, asks_if_real: false });
      return true;
    } catch (e) {
      if (e instanceof ApiError && e.code === 'claim_required') setClaim((c) => (c ? { ...c, expires_at: new Date(0).toISOString() } : c));
      setProblem(problemOf(e));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { claimAgain, send };
}

/** The answer screen: who writes, as whom, the whole conversation, notes, the composer and the claim's time. */
export function ConversationScreen({ brand, id }: { brand: string; id: number }) {
  const state = useClaimedConversation(brand, id);
  const { me, conversation, now, claim, busy, problem, reload } = state;
  const { claimAgain, send } = answerActions(brand, id, state);
  const data = conversation.data;

  if (conversation.error) {
    return (
      <>
        <h1>{t('conversation.title')}</h1>
        <Problem message={conversation.error.message} />
        <Link href="/staff">{t('conversation.back')}</Link>
      </>
    );
  }
  if (!data) return <Loading />;
  const enabled = Boolean(claim && claim.id === me.id && Date.parse(claim.expires_at) > now);
  return (
    <div className="answer" data-testid="answer-screen">
      <div className="screen-head">
        <h1>{t('conversation.heading', { member: data.member.name, profile: data.profile.name })}</h1>
        <Link href="/staff">{t('conversation.back')}</Link>
      </div>
      <ClaimTimer claim={claim} myId={me.id} now={now} busy={busy} onClaim={claimAgain} />
      <div className="answer-grid">
        <div className="col">
          <MemberCard brand={data.brand} member={data.member} />
          <Notes
            brand={data.brand}
            conversationId={id}
            subject="member"
            subjectId={data.member.id}
            title={t('notes.member')}
            notes={data.notes.member}
            onAdded={() => void reload.current()}
          />
        </div>
        <div className="col wide">
          <ProtectFlag conversation={data} />
          <MessageList brand={data.brand} messages={data.messages} memberName={data.member.name} profileName={data.profile.name} />
          <Composer conversation={data} enabled={enabled} busy={busy} problem={problem} onSend={send} />
        </div>
        <div className="col">
          <ProfileCard brand={data.brand} profile={data.profile} />
          <Notes
            brand={data.brand}
            conversationId={id}
            subject="profile"
            subjectId={data.profile.id}
            title={t('notes.profile')}
            notes={data.notes.profile}
            onAdded={() => void reload.current()}
          />
        </div>
      </div>
    </div>
  );
}
