import { SignupFlow } from './signup/flow';

// The signup modal's lazy chunk (client/components/signup-modal.tsx imports it when the modal first opens). The
// signup pages come with it: the main bundle then needs no chunk of its own for them (see client/app.tsx).
export { screens } from './signup/screens';

/** What the signup modal shows: the multi-step signup of SPEC.md §4 (client/components/signup/). */
export default function SignupFlowModal({ onDone }: { onDone: () => void }) {
  return <SignupFlow mode="modal" onDone={onDone} />;
}
