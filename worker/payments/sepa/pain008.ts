/**
 * A SEPA Core direct-debit initiation (ISO 20022 pain.008.001.02, the version the EPC implementation guidelines and
 * the Dutch and German banks take): one group header, one payment information block per sequence type (FRST, RCUR)
 * of one collection day, one transaction per debit. Amounts in euro with two decimals; texts restricted to the SEPA
 * Latin character set, as banks refuse others.
 */
export interface Pain008Debit {
  endToEndId: string;
  amount: number;
  mandateReference: string;
  signedOn: string;
  sequence: 'FRST' | 'RCUR';
  debtorName: string;
  debtorIban: string;
  remittance: string;
}

export interface Pain008File {
  messageId: string;
  createdAt: string;
  collectionDate: string;
  creditor: { name: string; id: string; iban: string; bic: string };
  debits: Pain008Debit[];
}

/** The SEPA Latin character set; anything else becomes a space (umlauts lose their dots rather than fail the file). */
export function sepaText(text: string, max: number): string {
  const plain = text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return plain
    .replace(/[^A-Za-z0-9/?:().,'+ -]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);
}

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
const euros = (cents: number) => (cents / 100).toFixed(2);
const sum = (debits: Pain008Debit[]) => euros(debits.reduce((total, d) => total + d.amount, 0));

function transaction(d: Pain008Debit): string {
  return `<DrctDbtTxInf><PmtId><EndToEndId>${xml(sepaText(d.endToEndId, 35))}</EndToEndId></PmtId><InstdAmt Ccy="EUR">${euros(d.amount)}</InstdAmt>
<DrctDbtTx><MndtRltdInf><MndtId>${xml(d.mandateReference)}</MndtId><DtOfSgntr>${d.signedOn}</DtOfSgntr></MndtRltdInf></DrctDbtTx>
<DbtrAgt><FinInstnId><Othr><Id>NOTPROVIDED</Id></Othr></FinInstnId></DbtrAgt><Dbtr><Nm>${xml(sepaText(d.debtorName, 70))}</Nm></Dbtr>
<DbtrAcct><Id><IBAN>${xml(d.debtorIban)}</IBAN></Id></DbtrAcct><RmtInf><Ustrd>${xml(sepaText(d.remittance, 140))}</Ustrd></RmtInf></DrctDbtTxInf>`;
}

function paymentInfo(file: Pain008File, sequence: 'FRST' | 'RCUR', debits: Pain008Debit[]): string {
  const c = file.creditor;
  return `<PmtInf><PmtInfId>${xml(`${file.messageId}-${sequence}`)}</PmtInfId><PmtMtd>DD</PmtMtd><BtchBookg>true</BtchBookg>
<NbOfTxs>${debits.length}</NbOfTxs><CtrlSum>${sum(debits)}</CtrlSum>
<PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl><LclInstrm><Cd>CORE</Cd></LclInstrm><SeqTp>${sequence}</SeqTp></PmtTpInf>
<ReqdColltnDt>${file.collectionDate}</ReqdColltnDt><Cdtr><Nm>${xml(sepaText(c.name, 70))}</Nm></Cdtr>
<CdtrAcct><Id><IBAN>${xml(c.iban)}</IBAN></Id></CdtrAcct><CdtrAgt><FinInstnId><BIC>${xml(c.bic)}</BIC></FinInstnId></CdtrAgt><ChrgBr>SLEV</ChrgBr>
<CdtrSchmeId><Id><PrvtId><Othr><Id>${xml(c.id)}</Id><SchmeNm><Prtry>SEPA</Prtry></SchmeNm></Othr></PrvtId></Id></CdtrSchmeId>
${debits.map(transaction).join('\n')}</PmtInf>`;
}

export function pain008(file: Pain008File): string {
  const blocks = (['FRST', 'RCUR'] as const)
    .map((sequence) => ({ sequence, debits: file.debits.filter((d) => d.sequence === sequence) }))
    .filter((b) => b.debits.length > 0);
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.008.001.02" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<CstmrDrctDbtInitn><GrpHdr><MsgId>${xml(file.messageId)}</MsgId><CreDtTm>${file.createdAt.slice(0, 19)}</CreDtTm>
<NbOfTxs>${file.debits.length}</NbOfTxs><CtrlSum>${sum(file.debits)}</CtrlSum><InitgPty><Nm>${xml(sepaText(file.creditor.name, 70))}</Nm></InitgPty></GrpHdr>
${blocks.map((b) => paymentInfo(file, b.sequence, b.debits)).join('\n')}
</CstmrDrctDbtInitn></Document>
`;
}
